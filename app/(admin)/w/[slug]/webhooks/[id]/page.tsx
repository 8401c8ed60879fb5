import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ActionButton } from "@/components/ui/action-button";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { EnabledBadge } from "@/components/webhooks/delivery-badges";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { reasonKey } from "@/components/webhooks/event-labels";
import { ResendFailedForm } from "@/components/webhooks/resend-failed-form";
import { RotateSecretDialog } from "@/components/webhooks/rotate-secret-dialog";
import { requireWorkspace } from "@/lib/auth/session";
import { isAppError } from "@/lib/errors";
import { getEndpoint } from "@/lib/webhooks/get-endpoint";
import { listLinkChoices } from "@/lib/webhooks/link-choices";
import { listMessages, MESSAGE_STATES, type MessageState } from "@/lib/webhooks/list-messages";
import { endpointLabel } from "@/lib/webhooks/webhook-endpoint";
import {
  deleteEndpointAction,
  resendFailedSinceAction,
  resendMessageAction,
  rotateSecretAction,
  sendTestEventAction,
  setEndpointEnabledAction,
} from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("webhooks"))("detail.title") };
}
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
  const t = await getTranslations("webhooks");
  const reason = reasonKey(endpoint.disabledReason);
  const linkNames = new Map(links.map((link) => [link.id, link.name]));
  const path = `/w/${workspace.slug}/webhooks/${endpoint.id}`;
  const stateQuery = state ? `state=${state}&` : "";
  const bound = <T extends unknown[], R>(action: (slug: string, id: string, ...rest: T) => R) =>
    action.bind(null, workspace.slug, endpoint.id) as (...rest: T) => R;

  return (
    <div className="space-y-6">
      <PageHeader
        title={<span className="break-all">{endpoint.description || t("detail.title")}</span>}
        description={<span className="break-all font-mono">{endpointLabel(endpoint)}</span>}
        actions={
          <ButtonLink href={`${path}/edit`} variant="secondary">
            {t("edit.button")}
          </ButtonLink>
        }
      />

      {!endpoint.enabled && endpoint.disabledReason ? (
        <Alert>
          {t.rich("detail.disabledBanner", {
            time: () => (endpoint.disabledAt ? <LocalTime value={endpoint.disabledAt} /> : "—"),
            reason: reason ? t(`reason.${reason}`) : (endpoint.disabledReason ?? ""),
          })}
        </Alert>
      ) : null}

      <Card
        title={t("detail.endpoint")}
        actions={<EnabledBadge enabled={endpoint.enabled} reason={endpoint.disabledReason} />}
        className="overflow-hidden"
      >
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs font-medium text-slate-500">{t("detail.kind")}</dt>
            <dd className="text-slate-800">
              {endpoint.kind === "slack"
                ? t("form.kindSlack")
                : endpoint.kind === "telegram"
                  ? t("form.kindTelegram")
                  : t("form.kindWebhook")}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">{t("detail.events")}</dt>
            <dd className="font-mono text-xs text-slate-800">{endpoint.events.join(", ")}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">{t("detail.links")}</dt>
            <dd className="text-slate-800">
              {endpoint.linkIds.length === 0
                ? t("detail.everyLink")
                : endpoint.linkIds.map((linkId) => linkNames.get(linkId) ?? linkId).join(", ")}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">{t("detail.headers")}</dt>
            <dd className="text-slate-800">
              {endpoint.headers.length === 0 ? (
                t("detail.none")
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
            <dt className="text-xs font-medium text-slate-500">{t("detail.id")}</dt>
            <dd className="break-all font-mono text-xs text-slate-800">{endpoint.id}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">{t("detail.lastSuccess")}</dt>
            <dd className="text-slate-800">
              {endpoint.lastSuccessAt ? <LocalTime value={endpoint.lastSuccessAt} /> : t("detail.noneYet")}
            </dd>
          </div>
          {endpoint.previousSecretExpiresAt ? (
            <div className="sm:col-span-2">
              <dt className="text-xs font-medium text-slate-500">{t("detail.rotation")}</dt>
              <dd className="text-slate-800">
                {t.rich("detail.rotationUntil", {
                  time: () => <LocalTime value={endpoint.previousSecretExpiresAt!} />,
                })}
              </dd>
            </div>
          ) : null}
        </dl>
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
          <ActionButton
            action={bound(sendTestEventAction)}
            label={t("detail.sendTest")}
            pendingLabel={t("detail.sending")}
            variant="primary"
          />
          <ActionButton
            action={bound(setEndpointEnabledAction).bind(null, !endpoint.enabled)}
            label={endpoint.enabled ? t("detail.disable") : t("detail.enable")}
            pendingLabel={endpoint.enabled ? t("detail.disabling") : t("detail.enabling")}
          />
          {endpoint.kind === "webhook" ? <RotateSecretDialog action={bound(rotateSecretAction)} /> : null}
          <ConfirmDialog
            trigger={t("detail.delete")}
            triggerSize="sm"
            title={t("detail.deleteTitle")}
            confirmLabel={t("detail.deleteConfirm")}
            pendingLabel={t("detail.deleting")}
            action={deleteEndpointAction.bind(null, workspace.slug, endpoint.id)}
          >
            <p>
              {t.rich("detail.deleteBody", {
                url: endpointLabel(endpoint),
                link: (chunks) => <span className="break-all font-mono">{chunks}</span>,
              })}
            </p>
          </ConfirmDialog>
        </div>
        {endpoint.enabled ? null : <p className="mt-2 text-xs text-slate-500">{t("detail.whileDisabled")}</p>}
      </Card>

      <Card title={t("detail.replay")} description={t("detail.replayDescription")}>
        <ResendFailedForm action={bound(resendFailedSinceAction)} />
      </Card>

      <DeliveryLog
        messages={page.messages}
        state={state}
        path={path}
        workspacePath={`/w/${workspace.slug}`}
        olderHref={page.older ? `${path}?${stateQuery}before=${encodeURIComponent(page.older)}` : null}
        newestHref={before ? (state ? `${path}?state=${state}` : path) : null}
        resend={bound(resendMessageAction)}
      />
    </div>
  );
}
