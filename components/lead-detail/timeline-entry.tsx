import Link from "next/link";
import type { ReactNode } from "react";
import { IssueTable } from "@/components/links/issue-table";
import { OutcomeBadge } from "@/components/links/outcome-badge";
import { LocalTime } from "@/components/ui/local-time";
import type { TimelineSubmission } from "@/lib/leads/get-lead-detail";
import { formatPayload } from "@/lib/links/format-payload";

const DOT = { created: "bg-emerald-500", updated: "bg-sky-500", rejected: "bg-red-500", spam: "bg-amber-500" } as const;

function Meta({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2 min-w-0" : "min-w-0"}>
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="mt-0.5 font-mono text-xs break-all text-slate-800">{children ?? <span className="font-sans text-slate-400">—</span>}</dd>
    </div>
  );
}

/**
 * One submission of a lead's timeline: a summary that opens (a native disclosure, keyboard and screen
 * reader friendly) onto its errors, warnings, request details and the raw payload. Everything the sender
 * controls is rendered as text.
 */
export function TimelineEntry({ submission, workspacePath, open }: { submission: TimelineSubmission; workspacePath: string; open?: boolean }) {
  const payload = formatPayload(submission.payload);
  const utm = Object.entries(submission.utm).filter(([, value]) => value !== null);
  return (
    <li className="relative pl-8" data-testid="timeline-entry" data-outcome={submission.outcome}>
      <span aria-hidden className={`absolute top-4 left-1.5 size-3 rounded-full ring-4 ring-white ${DOT[submission.outcome]}`} />
      <details className="group rounded-lg ring-1 ring-slate-200" open={open}>
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-4 py-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
          <OutcomeBadge outcome={submission.outcome} />
          <LocalTime value={submission.receivedAt} className="whitespace-nowrap font-medium text-slate-800" />
          <span className="text-slate-500">
            via <span className="font-medium text-slate-700">{submission.link.name}</span>
          </span>
          <span className="font-mono text-xs text-slate-500">HTTP {submission.status}</span>
          {submission.errorCode ? <span className="font-mono text-xs text-red-700">{submission.errorCode}</span> : null}
          {submission.warnings.length > 0 ? (
            <span className="text-xs text-amber-700">
              {submission.warnings.length} {submission.warnings.length === 1 ? "warning" : "warnings"}
            </span>
          ) : null}
          <svg aria-hidden viewBox="0 0 20 20" className="ml-auto size-4 text-slate-400 transition-transform group-open:rotate-90">
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
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            <Meta term="Capture link">
              <Link href={`${workspacePath}/links/${submission.link.id}`} className="font-sans text-indigo-700 hover:underline">
                {submission.link.name}
              </Link>
            </Meta>
            <Meta term="Origin">{submission.origin}</Meta>
            <Meta term="IP">{submission.ip}</Meta>
            <Meta term="User agent" wide>{submission.userAgent}</Meta>
            <Meta term="Referer">{submission.referer}</Meta>
            <Meta term="Idempotency key">{submission.idempotencyKey}</Meta>
            <Meta term="UTM" wide>
              {utm.length > 0 ? (
                <span className="flex flex-wrap gap-1.5">
                  {utm.map(([key, value]) => (
                    <span key={key} className="rounded bg-white px-1.5 py-0.5 break-words ring-1 ring-slate-200">
                      <span className="text-slate-500">{key.replace(/^utm/, "").toLowerCase()}</span> {value}
                    </span>
                  ))}
                </span>
              ) : null}
            </Meta>
          </dl>
          <div>
            <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
              Raw payload {payload.kind === "json" ? "(JSON)" : payload.kind === "text" ? "(as received; not JSON)" : ""}
            </h4>
            {payload.kind === "empty" ? (
              <p className="mt-1 text-sm text-slate-500">No body was sent.</p>
            ) : (
              <pre
                data-testid="payload"
                className="mt-2 max-h-96 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all text-slate-100"
              >
                {payload.text}
              </pre>
            )}
          </div>
        </div>
      </details>
    </li>
  );
}
