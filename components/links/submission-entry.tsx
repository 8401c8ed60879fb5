import Link from "next/link";
import { useTranslations } from "next-intl";
import {
  DisclosureChevron,
  SubmissionAnswer,
  SubmissionDetail,
  SubmissionMappedLead,
  SubmissionPayload,
} from "@/components/submissions/submission-parts";
import { LocalTime } from "@/components/ui/local-time";
import type { ActionState } from "@/lib/forms/action-state";
import { type LoggedSubmission, mappedLeadText } from "@/lib/leads/submission-log";
import { NotSpamButton } from "./not-spam-button";
import { OutcomeBadge } from "./outcome-badge";

// Breakpoints of the log's own width (@container in request-log.tsx), not the viewport's: the log sits in the
// link page's wide column beside the settings, or across the page for a revoked link.
export const LOG_COLUMNS = "@4xl:grid-cols-[15.5rem_6rem_3.5rem_minmax(0,1fr)_8rem_minmax(0,1fr)_1rem]";

/**
 * One request of a link's log: a summary row that opens (a native disclosure, so keyboard and screen
 * readers work as with any button) onto the field errors, warnings, request details and raw payload.
 * Everything the sender controls is rendered as text.
 */
export function SubmissionEntry({
  submission,
  workspacePath,
  releaseSpam,
}: {
  submission: LoggedSubmission;
  workspacePath: string;
  releaseSpam?: (submissionId: string) => (state: ActionState) => Promise<ActionState>;
}) {
  const tApi = useTranslations("apiKeys");
  const t = useTranslations("submissions");
  const tf = useTranslations("forms.spam");
  const spam = submission.outcome === "spam" || submission.errorCode === "captcha_failed";
  const releasedAt = submission.releasedAt;
  return (
    <li
      id={`submission-${submission.id}`}
      data-testid="submission"
      data-outcome={submission.outcome}
      data-dry-run={submission.dryRun || undefined}
    >
      <details className="group">
        <summary
          className={`grid cursor-pointer list-none grid-cols-2 items-center gap-x-4 gap-y-1 px-4 py-3 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 @xl:grid-cols-4 [&::-webkit-details-marker]:hidden ${LOG_COLUMNS}`}
        >
          <LocalTime value={submission.receivedAt} className="text-slate-700 @4xl:whitespace-nowrap" />
          <span className="flex flex-wrap items-center gap-1">
            <OutcomeBadge outcome={submission.outcome} />
            {submission.dryRun ? (
              <span className="text-xs font-medium text-slate-500" title={tApi("dryRunBadgeTitle")}>
                {tApi("dryRunBadge")}
              </span>
            ) : null}
          </span>
          <span className="font-mono text-xs text-slate-600">
            <span className="text-slate-500 @4xl:hidden">HTTP </span>
            {submission.status}
          </span>
          <span className="truncate font-mono text-xs text-red-700">{submission.errorCode ?? ""}</span>
          <span className="truncate font-mono text-xs text-slate-500">{submission.ip ?? ""}</span>
          <span className="col-span-2 truncate text-xs text-slate-500 @xl:col-span-3 @4xl:col-span-1">
            {submission.origin ?? ""}
          </span>
          <DisclosureChevron className="hidden @4xl:block" />
        </summary>
        <div className="space-y-4 border-t border-slate-100 bg-slate-50/70 px-4 py-4">
          <SubmissionAnswer submission={submission} />
          {spam && releasedAt ? (
            <p className="text-sm text-slate-700" data-testid="released">
              {submission.leadId
                ? tf.rich("releasedLead", {
                    time: () => <LocalTime value={releasedAt} />,
                    lead: (chunks) => (
                      <Link href={`${workspacePath}/leads/${submission.leadId}`} className="text-indigo-700 hover:underline">
                        {chunks}
                      </Link>
                    ),
                  })
                : tf.rich("released", { time: () => <LocalTime value={releasedAt} /> })}
            </p>
          ) : null}
          {spam && !submission.releasedAt && releaseSpam ? <NotSpamButton action={releaseSpam(submission.id)} /> : null}
          <dl className="grid gap-3 @xl:grid-cols-2 @4xl:grid-cols-3">
            <SubmissionDetail term={t("origin")}>{submission.origin}</SubmissionDetail>
            <SubmissionDetail term="Referer">{submission.referer}</SubmissionDetail>
            <SubmissionDetail term={t("userAgent")}>{submission.userAgent}</SubmissionDetail>
            <SubmissionDetail term="IP">{submission.ip}</SubmissionDetail>
            <SubmissionDetail term={t("idempotencyKey")}>{submission.idempotencyKey}</SubmissionDetail>
            <SubmissionDetail term={t("lead")}>
              {submission.leadId ? (
                <Link href={`${workspacePath}/leads/${submission.leadId}`} className="text-indigo-700 hover:underline">
                  {submission.leadId}
                </Link>
              ) : null}
            </SubmissionDetail>
          </dl>
          <SubmissionPayload payload={submission.payload} title={t("payload")} />
          <SubmissionMappedLead text={mappedLeadText(submission.sourceData)} />
        </div>
      </details>
    </li>
  );
}
