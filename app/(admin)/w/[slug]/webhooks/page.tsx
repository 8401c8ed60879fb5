import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { EnabledBadge } from "@/components/webhooks/delivery-badges";
import { requireWorkspace } from "@/lib/auth/session";
import { listEndpointStates } from "@/lib/webhooks/endpoint-states";
import { listLinkChoices } from "@/lib/webhooks/link-choices";
import { listEndpoints } from "@/lib/webhooks/list-endpoints";
import { endpointLabel } from "@/lib/webhooks/webhook-endpoint";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("webhooks"))("title") };
}
export const dynamic = "force-dynamic";

export default async function WebhooksPage({ params }: { params: Promise<{ slug: string }> }) {
  // Owners and admins only: a member gets the same 404 as for a page that does not exist.
  const { workspace } = await requireWorkspace((await params).slug, "admin");
  const [endpoints, states, links] = await Promise.all([
    listEndpoints(workspace.id),
    listEndpointStates(workspace.id),
    listLinkChoices(workspace.id),
  ]);
  const t = await getTranslations("webhooks");
  const linkNames = new Map(links.map((link) => [link.id, link.name]));
  const basePath = `/w/${workspace.slug}/webhooks`;
  const create = (
    <ButtonLink href={`${basePath}/new`}>
      <span aria-hidden>+</span> {t("add")}
    </ButtonLink>
  );

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} actions={endpoints.length > 0 ? create : null} />
      {endpoints.length === 0 ? (
        <EmptyState title={t("emptyTitle")} action={create}>
          <p>{t("emptyBody")}</p>
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label={t("listLabel")}>
          {endpoints.map((endpoint) => {
            const state = states.get(endpoint.id);
            const last = state?.lastAttempt;
            return (
              <li
                key={endpoint.id}
                data-testid="webhook-endpoint"
                className="rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 sm:px-5"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    href={`${basePath}/${endpoint.id}`}
                    className="min-w-0 break-all font-mono text-sm font-medium text-indigo-700 hover:text-indigo-500 hover:underline"
                  >
                    {endpointLabel(endpoint)}
                  </Link>
                  <EnabledBadge enabled={endpoint.enabled} reason={endpoint.disabledReason} />
                  {endpoint.kind === "slack" ? <Badge tone="indigo">{t("badge.slack")}</Badge> : null}
                  {endpoint.kind === "telegram" ? <Badge tone="indigo">{t("form.kindTelegram")}</Badge> : null}
                </div>
                {endpoint.description ? <p className="mt-1 text-sm text-slate-600">{endpoint.description}</p> : null}
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-xs text-slate-500 sm:grid-cols-3">
                  <div>
                    <dt className="inline font-medium text-slate-600">{t("list.events")} </dt>
                    <dd className="inline font-mono">{endpoint.events.join(", ")}</dd>
                  </div>
                  <div>
                    <dt className="inline font-medium text-slate-600">{t("list.links")} </dt>
                    <dd className="inline">
                      {endpoint.linkIds.length === 0
                        ? t("list.everyLink")
                        : endpoint.linkIds.map((id) => linkNames.get(id) ?? id).join(", ")}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline font-medium text-slate-600">{t("list.lastDelivery")} </dt>
                    <dd className="inline" data-testid="last-delivery">
                      {last ? (
                        <>
                          <span className={last.succeeded ? "text-emerald-700" : "text-red-700"}>
                            {last.succeeded ? t("list.delivered") : t("list.failed")}
                            {last.status !== null ? ` ${t("list.httpStatus", { status: last.status })}` : ""}
                          </span>{" "}
                          <LocalTime value={last.at} mode="relative" />
                        </>
                      ) : (
                        t("list.noneYet")
                      )}
                      {state && (state.pending > 0 || state.failed > 0) ? (
                        <span className="block">{t("list.counts", { pending: state.pending, failed: state.failed })}</span>
                      ) : null}
                    </dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
