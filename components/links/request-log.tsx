import clsx from "clsx";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";
import type { LinkCounters } from "@/lib/links/link-counters";
import type { SubmissionFilter, SubmissionLogPage } from "@/lib/links/list-link-submissions";
import { LOG_COLUMNS, SubmissionEntry } from "./submission-entry";

const FILTERS: { value: SubmissionFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "accepted", label: "Accepted" },
  { value: "rejected", label: "Rejected" },
  { value: "spam", label: "Spam" },
];

function href(linkPath: string, filter: SubmissionFilter, cursor?: { before?: string; after?: string }): string {
  const query = new URLSearchParams();
  if (filter !== "all") query.set("filter", filter);
  if (cursor?.before) query.set("before", cursor.before);
  if (cursor?.after) query.set("after", cursor.after);
  const search = query.toString();
  return `${linkPath}${search ? `?${search}` : ""}#requests`;
}

const EMPTY: Record<Exclude<SubmissionFilter, "spam">, string> = {
  all: "No requests yet. Paste one of the snippets into a page or run the curl command: every request that reaches this link shows up here, accepted or not.",
  accepted: "No accepted requests here yet.",
  rejected: "No rejected requests here. When a sender's request is refused, it shows up here with the reason.",
};

/** A link's request log: filter, the page of requests, and keyset navigation to newer and older pages. */
export function RequestLog({
  page,
  filter,
  counters,
  linkPath,
  workspacePath,
  revoked = false,
  spamCount,
  releaseSpam,
}: {
  page: SubmissionLogPage;
  filter: SubmissionFilter;
  counters: LinkCounters;
  linkPath: string;
  workspacePath: string;
  /** A revoked link's log: its empty states do not suggest sending to it. */
  revoked?: boolean;
  /** Entries in the Spam folder (honeypot and captcha failures; the counters count them as rejected). */
  spamCount: number;
  /** "Not spam" for one entry, for those who may create leads from it (owners and admins). */
  releaseSpam?: (submissionId: string) => (state: ActionState) => Promise<ActionState>;
}) {
  const t = useTranslations("forms.spam");
  const counts: Record<SubmissionFilter, number> = {
    all: counters.accepted + counters.rejected,
    accepted: counters.accepted,
    rejected: counters.rejected,
    spam: spamCount,
  };
  const paged = page.newerCursor !== undefined;
  return (
    <section
      id="requests"
      aria-labelledby="requests-title"
      className="scroll-mt-6 rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div>
          <h2 id="requests-title" className="text-base font-semibold text-slate-900">
            Request log
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            Every request that reached this link, newest first. Open one to see its errors and payload.
          </p>
        </div>
        <nav aria-label="Filter requests" className="inline-flex rounded-md bg-slate-100 p-0.5">
          {FILTERS.map((option) => (
            <Link
              key={option.value}
              href={href(linkPath, option.value)}
              aria-current={option.value === filter ? "page" : undefined}
              className={clsx(
                "rounded px-3 py-1.5 text-xs font-medium focus-visible:outline-2 focus-visible:outline-indigo-600",
                option.value === filter ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
              )}
            >
              {option.value === "spam" ? t("filter") : option.label}{" "}
              <span className="tabular-nums text-slate-400">{counts[option.value].toLocaleString("en")}</span>
            </Link>
          ))}
        </nav>
      </header>
      {page.submissions.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-slate-500">
          {paged
            ? "No more requests on this side."
            : revoked && filter === "all"
              ? "This link received no requests before it was revoked."
              : filter === "spam"
                ? t("empty")
                : EMPTY[filter]}
        </p>
      ) : (
        <>
          <div
            aria-hidden
            className={`hidden gap-x-4 border-b border-slate-100 bg-slate-50 px-4 py-2 text-xs font-medium uppercase tracking-wide text-slate-500 lg:grid ${LOG_COLUMNS}`}
          >
            <span>Time</span>
            <span>Outcome</span>
            <span>HTTP</span>
            <span>Error</span>
            <span>IP</span>
            <span>Origin</span>
            <span />
          </div>
          <ol className="divide-y divide-slate-100">
            {page.submissions.map((submission) => (
              <SubmissionEntry
                key={submission.id}
                submission={submission}
                workspacePath={workspacePath}
                releaseSpam={releaseSpam}
              />
            ))}
          </ol>
        </>
      )}
      {page.newerCursor || page.olderCursor ? (
        <nav
          aria-label="Request log pages"
          className="flex items-center justify-between gap-2 border-t border-slate-100 px-5 py-3"
        >
          <div className="flex gap-2">
            {paged ? (
              <>
                <ButtonLink href={href(linkPath, filter)} variant="secondary" size="sm">
                  Newest
                </ButtonLink>
                <ButtonLink href={href(linkPath, filter, { after: page.newerCursor })} variant="secondary" size="sm">
                  ← Newer
                </ButtonLink>
              </>
            ) : null}
          </div>
          {page.olderCursor ? (
            <ButtonLink href={href(linkPath, filter, { before: page.olderCursor })} variant="secondary" size="sm">
              Older →
            </ButtonLink>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
