import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { EnabledBadge } from "@/components/webhooks/delivery-badges";
import { EVENT_LABELS } from "@/components/webhooks/event-labels";
import { requireWorkspace } from "@/lib/auth/session";
import { listEndpointStates } from "@/lib/webhooks/endpoint-states";
import { listLinkChoices } from "@/lib/webhooks/link-choices";
import { listEndpoints } from "@/lib/webhooks/list-endpoints";

export const metadata: Metadata = { title: "Webhooks" };
export const dynamic = "force-dynamic";

export default async function WebhooksPage({ params }: { params: Promise<{ slug: string }> }) {
  // Owners and admins only: a member gets the same 404 as for a page that does not exist.
  const { workspace } = await requireWorkspace((await params).slug, "admin");
  const [endpoints, states, links] = await Promise.all([
    listEndpoints(workspace.id),
    listEndpointStates(workspace.id),
    listLinkChoices(workspace.id),
  ]);
  const linkNames = new Map(links.map((link) => [link.id, link.name]));
  const basePath = `/w/${workspace.slug}/webhooks`;
  const create = (
    <ButtonLink href={`${basePath}/new`}>
      <span aria-hidden>+</span> Add an endpoint
    </ButtonLink>
  );

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Leadlink POSTs each new or updated lead to these endpoints within a second, signed, retried for about 3 days, never lost."
        actions={endpoints.length > 0 ? create : null}
      />
      {endpoints.length === 0 ? (
        <EmptyState title="No webhook endpoints yet" action={create}>
          <p>
            Send leads to your CRM, Zapier, n8n or a Slack channel the moment they arrive. Each request is signed per Standard
            Webhooks, and every attempt is logged here.
          </p>
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Webhook endpoints">
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
                    {endpoint.url}
                  </Link>
                  <EnabledBadge enabled={endpoint.enabled} reason={endpoint.disabledReason} />
                  {endpoint.kind === "slack" ? <Badge tone="indigo">Slack</Badge> : null}
                </div>
                {endpoint.description ? <p className="mt-1 text-sm text-slate-600">{endpoint.description}</p> : null}
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-xs text-slate-500 sm:grid-cols-3">
                  <div>
                    <dt className="inline font-medium text-slate-600">Events: </dt>
                    <dd className="inline font-mono">{endpoint.events.map((event) => EVENT_LABELS[event].label).join(", ")}</dd>
                  </div>
                  <div>
                    <dt className="inline font-medium text-slate-600">Links: </dt>
                    <dd className="inline">
                      {endpoint.linkIds.length === 0
                        ? "every link"
                        : endpoint.linkIds.map((id) => linkNames.get(id) ?? id).join(", ")}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline font-medium text-slate-600">Last delivery: </dt>
                    <dd className="inline" data-testid="last-delivery">
                      {last ? (
                        <>
                          <span className={last.succeeded ? "text-emerald-700" : "text-red-700"}>
                            {last.succeeded ? "delivered" : "failed"}
                            {last.status !== null ? ` (HTTP ${last.status})` : ""}
                          </span>{" "}
                          <LocalTime value={last.at} mode="relative" />
                        </>
                      ) : (
                        "none yet"
                      )}
                      {state && (state.pending > 0 || state.failed > 0) ? (
                        <span className="block">
                          {state.pending} pending, {state.failed} failed
                        </span>
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
