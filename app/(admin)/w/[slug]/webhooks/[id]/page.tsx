import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { ActionButton } from "@/components/webhooks/action-button";
import { EnabledBadge } from "@/components/webhooks/delivery-badges";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { DISABLED_REASONS, EVENT_LABELS } from "@/components/webhooks/event-labels";
import { ResendFailedForm } from "@/components/webhooks/resend-failed-form";
import { RotateSecretDialog } from "@/components/webhooks/rotate-secret-dialog";
import { requireWorkspace } from "@/lib/auth/session";
import { isAppError } from "@/lib/errors";
import { getEndpoint } from "@/lib/webhooks/get-endpoint";
import { listLinkChoices } from "@/lib/webhooks/link-choices";
import { listMessages, MESSAGE_STATES, type MessageState } from "@/lib/webhooks/list-messages";
import {
  deleteEndpointAction,
  resendFailedSinceAction,
  resendMessageAction,
  rotateSecretAction,
  sendTestEventAction,
  setEndpointEnabledAction,
} from "../actions";

export const metadata: Metadata = { title: "Webhook endpoint" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export default async function WebhookPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string; id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ slug, id }, query] = await Promise.all([params, searchParams]);
  const { workspace } = await requireWorkspace(slug, "admin");
  const endpoint = await getEndpoint(workspace.id, id).catch((error: unknown) => {
    // Another workspace's endpoint is "not found" too: the query is scoped to this workspace.
    if (isAppError(error) && error.code === "webhook_not_found") notFound();
    throw error;
  });
  const requested = single(query.state);
  const state: MessageState | undefined = MESSAGE_STATES.find((value) => value === requested);
  const before = single(query.before);
  const [page, links] = await Promise.all([
    listMessages(workspace.id, endpoint.id, { state, before }),
    listLinkChoices(workspace.id),
  ]);
  const linkNames = new Map(links.map((link) => [link.id, link.name]));
  const path = `/w/${workspace.slug}/webhooks/${endpoint.id}`;
  const stateQuery = state ? `state=${state}&` : "";
  const bound = <T extends unknown[], R>(action: (slug: string, id: string, ...rest: T) => R) =>
    action.bind(null, workspace.slug, endpoint.id) as (...rest: T) => R;

  return (
    <div className="space-y-6">
      <PageHeader
        title={<span className="break-all">{endpoint.description || "Webhook endpoint"}</span>}
        description={<span className="break-all font-mono">{endpoint.url}</span>}
        actions={
          <ButtonLink href={`${path}/edit`} variant="secondary">
            Edit
          </ButtonLink>
        }
      />

      {!endpoint.enabled && endpoint.disabledReason ? (
        <Alert>
          Leadlink disabled this endpoint
          {endpoint.disabledAt ? (
            <>
              {" "}
              on <LocalTime value={endpoint.disabledAt} />
            </>
          ) : null}
          : {DISABLED_REASONS[endpoint.disabledReason] ?? endpoint.disabledReason}. Messages wait meanwhile; enable it once the
          receiver works, and resend what failed.
        </Alert>
      ) : null}

      <Card
        title="Endpoint"
        actions={<EnabledBadge enabled={endpoint.enabled} reason={endpoint.disabledReason} />}
        className="overflow-hidden"
      >
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs font-medium text-slate-500">Kind</dt>
            <dd className="text-slate-800">{endpoint.kind === "slack" ? "Slack incoming webhook" : "Webhook (signed JSON)"}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Events</dt>
            <dd className="font-mono text-xs text-slate-800">
              {endpoint.events.map((event) => EVENT_LABELS[event].label).join(", ")}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Capture links</dt>
            <dd className="text-slate-800">
              {endpoint.linkIds.length === 0
                ? "Every link"
                : endpoint.linkIds.map((linkId) => linkNames.get(linkId) ?? linkId).join(", ")}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Custom headers</dt>
            <dd className="text-slate-800">
              {endpoint.headers.length === 0 ? (
                "None"
              ) : (
                <ul className="font-mono text-xs">
                  {endpoint.headers.map((header) => (
                    <li key={header.name} className="break-all">
                      {header.name}: {header.value}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Endpoint id</dt>
            <dd className="break-all font-mono text-xs text-slate-800">{endpoint.id}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Last success</dt>
            <dd className="text-slate-800">
              {endpoint.lastSuccessAt ? <LocalTime value={endpoint.lastSuccessAt} /> : "None yet"}
            </dd>
          </div>
          {endpoint.previousSecretExpiresAt ? (
            <div className="sm:col-span-2">
              <dt className="text-xs font-medium text-slate-500">Secret rotation</dt>
              <dd className="text-slate-800">
                The previous secret signs too until <LocalTime value={endpoint.previousSecretExpiresAt} />.
              </dd>
            </div>
          ) : null}
        </dl>
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
          <ActionButton action={bound(sendTestEventAction)} label="Send test event" pendingLabel="Sending…" variant="primary" />
          <ActionButton
            action={bound(setEndpointEnabledAction).bind(null, !endpoint.enabled)}
            label={endpoint.enabled ? "Disable" : "Enable"}
            pendingLabel={endpoint.enabled ? "Disabling…" : "Enabling…"}
          />
          {endpoint.kind === "webhook" ? <RotateSecretDialog action={bound(rotateSecretAction)} /> : null}
          <ConfirmDialog
            trigger="Delete"
            triggerSize="sm"
            title="Delete this endpoint?"
            confirmLabel="Delete endpoint"
            pendingLabel="Deleting…"
            action={deleteEndpointAction.bind(null, workspace.slug, endpoint.id)}
          >
            <p>
              Leadlink stops sending to <span className="break-all font-mono">{endpoint.url}</span> at once, and its delivery log
              is deleted with it. Messages still waiting are dropped.
            </p>
          </ConfirmDialog>
        </div>
        {endpoint.enabled ? null : (
          <p className="mt-2 text-xs text-slate-500">While disabled, test events and resent messages wait in the queue.</p>
        )}
      </Card>

      <Card title="Replay" description="Send failed messages again, with the same webhook-id so your receiver can dedupe.">
        <ResendFailedForm action={bound(resendFailedSinceAction)} />
      </Card>

      <DeliveryLog
        messages={page.messages}
        state={state}
        path={path}
        olderHref={page.older ? `${path}?${stateQuery}before=${encodeURIComponent(page.older)}` : null}
        newestHref={before ? (state ? `${path}?state=${state}` : path) : null}
        resend={bound(resendMessageAction)}
      />
    </div>
  );
}
