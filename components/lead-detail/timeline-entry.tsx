import Link from "next/link";
import { useTranslations } from "next-intl";
import { OutcomeBadge } from "@/components/links/outcome-badge";
import {
  DisclosureChevron,
  SubmissionAnswer,
  SubmissionDetail,
  SubmissionMappedLead,
  SubmissionPayload,
} from "@/components/submissions/submission-parts";
import { LocalTime } from "@/components/ui/local-time";
import type { TimelineSubmission } from "@/lib/leads/get-lead-detail";
import { mappedLeadText } from "@/lib/leads/submission-log";

const DOT = { created: "bg-emerald-500", updated: "bg-sky-500", rejected: "bg-red-500", spam: "bg-amber-500" } as const;

/**
 * One submission of a lead's timeline: a summary that opens (a native disclosure, keyboard and screen
 * reader friendly) onto its errors, warnings, request details and the raw payload. Everything the sender
 * controls is rendered as text.
 */
export function TimelineEntry({
  submission,
  workspacePath,
  open,
}: {
  submission: TimelineSubmission;
  workspacePath: string;
  open?: boolean;
}) {
  const t = useTranslations("submissions");
  const utm = Object.entries(submission.utm).filter(([, value]) => value !== null);
  return (
    <li className="relative pl-8" data-testid="timeline-entry" data-outcome={submission.outcome}>
      <span aria-hidden className={`absolute top-4 left-1.5 size-3 rounded-full ring-4 ring-white ${DOT[submission.outcome]}`} />
      <details className="group rounded-lg ring-1 ring-slate-200" open={open}>
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-4 py-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
          <OutcomeBadge outcome={submission.outcome} />
          <LocalTime value={submission.receivedAt} className="whitespace-nowrap font-medium text-slate-800" />
          <span className="text-slate-500">
            {t.rich("via", {
              link: () => <span className="font-medium text-slate-700">{submission.link.name}</span>,
            })}
          </span>
          <span className="font-mono text-xs text-slate-500">HTTP {submission.status}</span>
          {submission.errorCode ? <span className="font-mono text-xs text-red-700">{submission.errorCode}</span> : null}
          {submission.warnings.length > 0 ? (
            <span className="text-xs text-amber-700">{t("warnings", { count: submission.warnings.length })}</span>
          ) : null}
          <DisclosureChevron className="ml-auto" />
        </summary>
        <div className="space-y-4 border-t border-slate-100 bg-slate-50/70 px-4 py-4">
          <SubmissionAnswer submission={submission} />
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            <SubmissionDetail term={t("link")}>
              <Link href={`${workspacePath}/links/${submission.link.id}`} className="font-sans text-indigo-700 hover:underline">
                {submission.link.name}
              </Link>
            </SubmissionDetail>
            <SubmissionDetail term={t("origin")}>{submission.origin}</SubmissionDetail>
            <SubmissionDetail term="IP">{submission.ip}</SubmissionDetail>
            <SubmissionDetail term={t("userAgent")} wide>
              {submission.userAgent}
            </SubmissionDetail>
            <SubmissionDetail term="Referer">{submission.referer}</SubmissionDetail>
            <SubmissionDetail term={t("idempotencyKey")}>{submission.idempotencyKey}</SubmissionDetail>
            <SubmissionDetail term="UTM" wide>
              {utm.length > 0 ? (
                <span className="flex flex-wrap gap-1.5">
                  {utm.map(([key, value]) => (
                    <span key={key} className="rounded bg-white px-1.5 py-0.5 break-words ring-1 ring-slate-200">
                      <span className="text-slate-500">{key.replace(/^utm/, "").toLowerCase()}</span> {value}
                    </span>
                  ))}
                </span>
              ) : null}
            </SubmissionDetail>
          </dl>
          <SubmissionPayload payload={submission.payload} title={t("rawPayload")} />
          <SubmissionMappedLead text={mappedLeadText(submission.sourceData)} />
        </div>
      </details>
    </li>
  );
}
