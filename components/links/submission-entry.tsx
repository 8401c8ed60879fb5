import Link from "next/link";
import type { ReactNode } from "react";
import { LocalTime } from "@/components/ui/local-time";
import { formatPayload } from "@/lib/links/format-payload";
import type { LoggedSubmission } from "@/lib/links/list-link-submissions";
import { IssueTable } from "./issue-table";
import { OutcomeBadge } from "./outcome-badge";

export const LOG_COLUMNS = "lg:grid-cols-[11rem_6rem_3.5rem_minmax(0,1fr)_8rem_minmax(0,1fr)_1rem]";

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="mt-0.5 font-mono text-xs break-all text-slate-800">{children}</dd>
    </div>
  );
}

const none = <span className="font-sans text-slate-400">—</span>;

/**
 * One request of a link's log: a summary row that opens (a native disclosure, so keyboard and screen
 * readers work as with any button) onto the field errors, warnings, request details and raw payload.
 * Everything the sender controls is rendered as text.
 */
export function SubmissionEntry({ submission, workspacePath }: { submission: LoggedSubmission; workspacePath: string }) {
  const payload = formatPayload(submission.payload);
  return (
    <li data-testid="submission" data-outcome={submission.outcome}>
      <details className="group">
        <summary
          className={`grid cursor-pointer list-none grid-cols-2 items-center gap-x-4 gap-y-1 px-4 py-3 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 sm:grid-cols-4 [&::-webkit-details-marker]:hidden ${LOG_COLUMNS}`}
        >
          <LocalTime value={submission.receivedAt} className="whitespace-nowrap text-slate-700" />
          <span>
            <OutcomeBadge outcome={submission.outcome} />
          </span>
          <span className="font-mono text-xs text-slate-600">
            <span className="text-slate-400 lg:hidden">HTTP </span>
            {submission.status}
          </span>
          <span className="truncate font-mono text-xs text-red-700">{submission.errorCode ?? ""}</span>
          <span className="truncate font-mono text-xs text-slate-500">{submission.ip ?? ""}</span>
          <span className="col-span-2 truncate text-xs text-slate-500 sm:col-span-3 lg:col-span-1">{submission.origin ?? ""}</span>
          <svg aria-hidden viewBox="0 0 20 20" className="hidden size-4 text-slate-400 transition-transform group-open:rotate-90 lg:block">
            <path fill="currentColor" d="M7.2 4.2a.75.75 0 0 1 1.06 0l5.25 5.25a.75.75 0 0 1 0 1.06l-5.25 5.25a.75.75 0 1 1-1.06-1.06L11.92 10 7.2 5.28a.75.75 0 0 1 0-1.06Z" />
          </svg>
        </summary>
        <div className="space-y-4 border-t border-slate-100 bg-slate-50/70 px-4 py-4">
          {submission.errorCode ? (
            <p className="text-sm text-slate-700">
              Answered <span className="font-mono">{submission.status}</span>{" "}
              <Link href={`/problems/${encodeURIComponent(submission.errorCode)}`} className="font-mono text-indigo-700 hover:underline">
                {submission.errorCode}
              </Link>
              .
            </p>
          ) : null}
          {submission.errors.length > 0 ? <IssueTable title="Field errors" issues={submission.errors} tone="error" /> : null}
          {submission.warnings.length > 0 ? <IssueTable title="Warnings" issues={submission.warnings} tone="warning" /> : null}
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Detail term="Origin">{submission.origin ?? none}</Detail>
            <Detail term="Referer">{submission.referer ?? none}</Detail>
            <Detail term="User agent">{submission.userAgent ?? none}</Detail>
            <Detail term="IP">{submission.ip ?? none}</Detail>
            <Detail term="Idempotency key">{submission.idempotencyKey ?? none}</Detail>
            <Detail term="Lead">
              {submission.leadId ? (
                <Link href={`${workspacePath}/leads/${submission.leadId}`} className="text-indigo-700 hover:underline">
                  {submission.leadId}
                </Link>
              ) : (
                none
              )}
            </Detail>
          </dl>
          <div>
            <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
              Payload {payload.kind === "json" ? "(JSON)" : payload.kind === "text" ? "(as received; not JSON)" : ""}
            </h4>
            {payload.kind === "empty" ? (
              <p className="mt-1 text-sm text-slate-500">No body was sent.</p>
            ) : (
              <pre data-testid="payload" className="mt-2 max-h-96 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all text-slate-100">
                {payload.text}
              </pre>
            )}
          </div>
        </div>
      </details>
    </li>
  );
}
