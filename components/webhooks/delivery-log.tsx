import Link from "next/link";
import { useTranslations } from "next-intl";
import { ActionButton } from "@/components/ui/action-button";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { ScrollablePre } from "@/components/ui/scrollable-pre";
import type { ActionState } from "@/lib/forms/action-state";
import type { LoggedMessage, MessageLead, MessageState } from "@/lib/webhooks/list-messages";
import { MESSAGE_STATES } from "@/lib/webhooks/list-messages";
import { AttemptStatusBadge, MessageStateBadge } from "./delivery-badges";

/**
 * An endpoint's messages, newest first, each with all its attempts: when, how long, the status, the first
 * 2 KiB of the answer and the error. A list rather than a table, so that at 390 px nothing scrolls sideways.
 */
export function DeliveryLog({
  messages,
  state,
  path,
  workspacePath,
  olderHref,
  newestHref,
  resend,
}: {
  messages: LoggedMessage[];
  state: MessageState | undefined;
  path: string;
  /** `/w/<slug>`: the leads' and links' pages the messages point to. */
  workspacePath: string;
  olderHref: string | null;
  newestHref: string | null;
  resend: ((state: ActionState, form: FormData) => Promise<ActionState>) | null;
}) {
  const t = useTranslations("webhooks");
  const filters: { label: string; value: MessageState | undefined }[] = [
    { label: t("log.all"), value: undefined },
    ...MESSAGE_STATES.map((value) => ({ label: t(`log.${value}`), value })),
  ];
  // The lead by what a person recognises: its name, else its email, else its id; an erased one keeps neither.
  const leadLabel = (lead: MessageLead) =>
    lead.erased ? t("log.erasedLead") : (lead.name ?? lead.email ?? t("log.unnamedLead", { id: lead.id.slice(0, 8) }));
  return (
    <section aria-labelledby="delivery-log-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="delivery-log-heading" className="text-base font-semibold text-slate-900">
          {t("log.title")}
        </h2>
        <nav aria-label={t("log.filter")} className="flex flex-wrap gap-1">
          {filters.map((filter) => {
            const current = filter.value === state;
            return (
              <Link
                key={filter.value ?? "all"}
                href={filter.value ? `${path}?state=${filter.value}` : path}
                aria-current={current ? "page" : undefined}
                className={
                  current
                    ? "rounded-md bg-indigo-50 px-2.5 py-1 text-xs font-medium text-indigo-700"
                    : "rounded-md px-2.5 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100"
                }
              >
                {filter.label}
              </Link>
            );
          })}
        </nav>
      </div>
      {messages.length === 0 ? (
        <EmptyState title={state ? t("log.emptyState", { state: t(`badge.${state}`) }) : t("log.emptyAll")}>
          <p>{t("log.emptyBody")}</p>
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {messages.map((message) => (
            <li
              key={message.messageId}
              data-testid="webhook-message"
              data-message-id={message.messageId}
              data-state={message.state}
              className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-100 px-4 py-3">
                <MessageStateBadge state={message.state} />
                <span className="font-mono text-xs font-medium text-slate-800">{message.type}</span>
                {message.test ? (
                  <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600">{t("badge.test")}</span>
                ) : null}
                {message.lead ? (
                  <Link
                    href={`${workspacePath}/leads/${message.lead.id}`}
                    data-testid="message-lead"
                    className="min-w-0 break-all text-xs font-medium text-indigo-700 hover:text-indigo-500"
                  >
                    {leadLabel(message.lead)}
                  </Link>
                ) : null}
                {message.rejected ? (
                  <Link
                    href={`${workspacePath}/links/${message.rejected.captureLinkId}?filter=rejected#submission-${message.rejected.submissionId}`}
                    data-testid="message-request"
                    className="text-xs font-medium text-indigo-700 hover:text-indigo-500"
                  >
                    {t("log.rejectedRequest")}
                  </Link>
                ) : null}
                <span className="min-w-0 break-all font-mono text-xs text-slate-500">{message.messageId}</span>
                <span className="text-xs text-slate-500">
                  <LocalTime value={message.createdAt} />
                </span>
                {resend ? (
                  <span className="sm:ml-auto">
                    <ActionButton
                      action={resend}
                      fields={{ messageId: message.messageId }}
                      label={t("log.resend")}
                      pendingLabel={t("log.resending")}
                    />
                  </span>
                ) : null}
              </div>
              {message.state === "pending" && message.nextAttemptAt ? (
                <p className="px-4 pt-2 text-xs text-slate-500">
                  {t.rich("log.nextAttempt", {
                    time: () => <LocalTime value={message.nextAttemptAt!} mode="relative" />,
                  })}
                </p>
              ) : null}
              {message.attempts.length === 0 ? (
                <p className="px-4 py-3 text-xs text-slate-500">{t("log.noAttempt")}</p>
              ) : (
                <ol className="divide-y divide-slate-100">
                  {message.attempts.map((attempt, index) => (
                    <li key={attempt.id} data-testid="webhook-attempt" className="space-y-1 px-4 py-2.5 text-xs">
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
                        <span className="text-slate-500">#{index + 1}</span>
                        <AttemptStatusBadge status={attempt.status} succeeded={attempt.succeeded} />
                        <LocalTime value={attempt.at} />
                        <span className="tabular-nums">{t("log.duration", { ms: attempt.durationMs })}</span>
                      </div>
                      {attempt.error ? <p className="break-words text-red-700">{attempt.error}</p> : null}
                      {attempt.response ? (
                        <details>
                          <summary className="cursor-pointer text-slate-500 hover:text-slate-700">{t("log.answer")}</summary>
                          <ScrollablePre
                            label={t("log.answer")}
                            className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-[11px] text-slate-700"
                          >
                            {attempt.response}
                          </ScrollablePre>
                        </details>
                      ) : null}
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ul>
      )}
      {olderHref || newestHref ? (
        <nav aria-label={t("log.pages")} className="flex justify-between gap-2">
          {newestHref ? (
            <Link href={newestHref} className="text-sm font-medium text-indigo-700 hover:text-indigo-500">
              {t("log.newest")}
            </Link>
          ) : (
            <span />
          )}
          {olderHref ? (
            <Link href={olderHref} className="text-sm font-medium text-indigo-700 hover:text-indigo-500">
              {t("log.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
