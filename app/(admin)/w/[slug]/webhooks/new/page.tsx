import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EndpointForm } from "@/components/webhooks/endpoint-form";
import { requireWorkspace } from "@/lib/auth/session";
import { DEFAULT_EVENTS } from "@/lib/webhooks/endpoint-input";
import { listLinkChoices } from "@/lib/webhooks/link-choices";
import { createEndpointAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("webhooks"))("new.title") };
}
export const dynamic = "force-dynamic";

export default async function NewWebhookPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace } = await requireWorkspace((await params).slug, "admin");
  const links = (await listLinkChoices(workspace.id)).filter((link) => link.active);
  const t = await getTranslations("webhooks");
  const basePath = `/w/${workspace.slug}/webhooks`;
  return (
    <>
      <PageHeader title={t("new.title")} description={t("new.description")} />
      <Card>
        <EndpointForm
          action={createEndpointAction.bind(null, workspace.slug)}
          defaults={{ kind: "webhook", url: "", events: DEFAULT_EVENTS, linkIds: [], headers: [], description: "" }}
          links={links}
          cancelHref={basePath}
          submitLabel={t("form.create")}
          endpointsPath={basePath}
        />
      </Card>
    </>
  );
}
