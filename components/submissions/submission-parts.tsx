import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { IssueTable } from "@/components/links/issue-table";
import { ScrollablePre } from "@/components/ui/scrollable-pre";
import type { FieldIssue } from "@/lib/errors";
import { formatPayload } from "@/lib/links/format-payload";

// Parts of a recorded submission shown both in a link's request log and in a lead's timeline.
// Everything the sender controls is rendered as text.

export const NONE = <span className="font-sans text-slate-500">—</span>;

/** The disclosure's arrow, turned when its <details class="group"> is open. */
export function DisclosureChevron({ className = "" }: { className?: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 20 20"
      className={`size-4 text-slate-500 transition-transform group-open:rotate-90 ${className}`}
    >
      <path
        fill="currentColor"
        d="M7.2 4.2a.75.75 0 0 1 1.06 0l5.25 5.25a.75.75 0 0 1 0 1.06l-5.25 5.25a.75.75 0 1 1-1.06-1.06L11.92 10 7.2 5.28a.75.75 0 0 1 0-1.06Z"
      />
    </svg>
  );
}

/** One request detail; empty values show a dash. */
export function SubmissionDetail({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2 min-w-0" : "min-w-0"}>
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="mt-0.5 font-mono text-xs break-all text-slate-800">{children ?? NONE}</dd>
    </div>
  );
}

/** What the sender was answered: the problem code (linked to its page), field errors and warnings. */
export function SubmissionAnswer({
  submission,
}: {
  submission: { status: number; errorCode: string | null; errors: FieldIssue[]; warnings: FieldIssue[] };
}) {
  const t = useTranslations("submissions");
  return (
    <>
      {submission.errorCode ? (
        <p className="text-sm text-slate-700">
          {t.rich("answered", {
            status: () => <span className="font-mono">{submission.status}</span>,
            code: () => (
              <Link
                href={`/problems/${encodeURIComponent(submission.errorCode!)}`}
                className="font-mono text-indigo-700 hover:underline"
              >
                {submission.errorCode}
              </Link>
            ),
          })}
        </p>
      ) : null}
      {submission.errors.length > 0 ? <IssueTable title={t("fieldErrors")} issues={submission.errors} tone="error" /> : null}
      {submission.warnings.length > 0 ? (
        <IssueTable title={t("warningsTitle")} issues={submission.warnings} tone="warning" />
      ) : null}
    </>
  );
}

/** The body as received: pretty-printed JSON, or the text as it came. */
export function SubmissionPayload({ payload: stored, title }: { payload: string | null; title: string }) {
  const t = useTranslations("submissions");
  const payload = formatPayload(stored);
  return (
    <div>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        {title} {payload.kind === "json" ? "(JSON)" : payload.kind === "text" ? t("notJson") : ""}
      </h4>
      {payload.kind === "empty" ? (
        <p className="mt-1 text-sm text-slate-500">{t("noBody")}</p>
      ) : (
        <ScrollablePre
          label={title}
          data-testid="payload"
          className="mt-2 max-h-96 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all text-slate-100"
        >
          {payload.text}
        </ScrollablePre>
      )}
    </div>
  );
}

/** What a lead source (DESIGN.md section 15) made of the body: the lead in section 3's shape, beside the raw body. */
export function SubmissionMappedLead({ text }: { text: string | null }) {
  const t = useTranslations("sources");
  if (text === null) return null;
  return (
    <div>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t("mappedLead")}</h4>
      <ScrollablePre
        label={t("mappedLead")}
        data-testid="mapped-lead"
        className="mt-2 max-h-96 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all text-slate-100"
      >
        {text}
      </ScrollablePre>
    </div>
  );
}
