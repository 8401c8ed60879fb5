import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EndpointForm } from "@/components/webhooks/endpoint-form";
import { requireWorkspace } from "@/lib/auth/session";
import { isAppError } from "@/lib/errors";
import { getEndpoint } from "@/lib/webhooks/get-endpoint";
import { listLinkChoices } from "@/lib/webhooks/link-choices";
import { updateEndpointAction } from "../../actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("webhooks"))("edit.title") };
}
export const dynamic = "force-dynamic";

export default async function EditWebhookPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  const { workspace } = await requireWorkspace(slug, "admin");
  const endpoint = await getEndpoint(workspace.id, id).catch((error: unknown) => {
    // Another workspace's endpoint is "not found" too: the query is scoped to this workspace.
    if (isAppError(error) && error.code === "webhook_not_found") notFound();
    throw error;
  });
  // Active links, and any revoked one the endpoint is still limited to (unticking it must stay possible).
  const links = (await listLinkChoices(workspace.id)).filter((link) => link.active || endpoint.linkIds.includes(link.id));
  const t = await getTranslations("webhooks");
  const endpointPath = `/w/${workspace.slug}/webhooks/${endpoint.id}`;
  return (
    <>
      <PageHeader
        title={t("edit.title")}
        description={<span className="break-all font-mono">{endpoint.url || `Telegram ${endpoint.chatId ?? ""}`}</span>}
      />
      <Card>
        <EndpointForm
          action={updateEndpointAction.bind(null, workspace.slug, endpoint.id)}
          defaults={{
            kind: endpoint.kind,
            url: endpoint.url,
            chatId: endpoint.chatId,
            maskedBotToken: endpoint.botToken,
            events: endpoint.events,
            linkIds: endpoint.linkIds,
            // Values come masked: their boxes start empty and keep the stored value unless one is typed.
            headers: endpoint.headers.map((header) => ({ name: header.name, value: "", masked: header.value })),
            description: endpoint.description ?? "",
          }}
          links={links}
          cancelHref={endpointPath}
          submitLabel={t("form.save")}
          endpointsPath={`/w/${workspace.slug}/webhooks`}
        />
      </Card>
    </>
  );
}
