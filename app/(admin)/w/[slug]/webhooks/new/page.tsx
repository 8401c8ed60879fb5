import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EndpointForm } from "@/components/webhooks/endpoint-form";
import { requireWorkspace } from "@/lib/auth/session";
import { DEFAULT_EVENTS } from "@/lib/webhooks/endpoint-input";
import { listLinkChoices } from "@/lib/webhooks/link-choices";
import { createEndpointAction } from "../actions";

export const metadata: Metadata = { title: "New webhook endpoint" };
export const dynamic = "force-dynamic";

export default async function NewWebhookPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace } = await requireWorkspace((await params).slug, "admin");
  const links = (await listLinkChoices(workspace.id)).filter((link) => link.active);
  const basePath = `/w/${workspace.slug}/webhooks`;
  return (
    <>
      <PageHeader title="New webhook endpoint" description="Where Leadlink should send this workspace's leads." />
      <Card>
        <EndpointForm
          action={createEndpointAction.bind(null, workspace.slug)}
          defaults={{ kind: "webhook", url: "", events: DEFAULT_EVENTS, linkIds: [], headers: [], description: "" }}
          links={links}
          cancelHref={basePath}
          submitLabel="Create endpoint"
          endpointsPath={basePath}
        />
      </Card>
    </>
  );
}
