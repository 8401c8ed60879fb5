import clsx from "clsx";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";
import type { LinkSubmissionCounts, SubmissionFilter, SubmissionLogPage } from "@/lib/links/list-link-submissions";
import { LOG_COLUMNS, SubmissionEntry } from "./submission-entry";

const FILTERS: { value: SubmissionFilter }[] = [
  { value: "all" },
  { value: "accepted" },
  { value: "rejected" },
  { value: "spam" },
  { value: "dryRun" },
];

function href(linkPath: string, filter: SubmissionFilter, cursor?: { before?: string; after?: string }): string {
  const query = new URLSearchParams();
  if (filter !== "all") query.set("filter", filter);
  if (cursor?.before) query.set("before", cursor.before);
  if (cursor?.after) query.set("after", cursor.after);
  const search = query.toString();
  return `${linkPath}${search ? `?${search}` : ""}#requests`;
}

/** A link's request log: filter, the page of requests, and keyset navigation to newer and older pages. */
export function RequestLog({
  page,
  filter,
  counts,
  linkPath,
  workspacePath,
  revoked = false,
  snippets = true,
  releaseSpam,
}: {
  page: SubmissionLogPage;
  filter: SubmissionFilter;
  /** How many rows each tab lists (countLinkSubmissions); capped: of the newest rows only, so "at least". */
  counts: LinkSubmissionCounts;
  linkPath: string;
  workspacePath: string;
  /** A revoked link's log: its empty states do not suggest sending to it. */
  revoked?: boolean;
  /** Whether the page offers snippets to send a first request (a JSON link's); else the empty log points at none. */
  snippets?: boolean;
  /** "Not spam" for one entry, for those who may create leads from it (owners and admins). */
  releaseSpam?: (submissionId: string) => (state: ActionState) => Promise<ActionState>;
}) {
  const t = useTranslations("links.log");
  const format = useFormatter();
  const tf = useTranslations("forms.spam");
  const paged = page.newerCursor !== undefined;
  return (
    <section
      id="requests"
      aria-labelledby="requests-title"
      className="@container scroll-mt-6 rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div>
          <h2 id="requests-title" className="text-base font-semibold text-slate-900">
            {t("title")}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">{t("description")}</p>
        </div>
        <nav aria-label={t("filter")} className="flex max-w-full flex-wrap gap-0.5 rounded-md bg-slate-100 p-0.5">
          {FILTERS.map((option) => (
            <Link
              key={option.value}
              href={href(linkPath, option.value)}
              aria-current={option.value === filter ? "page" : undefined}
              className={clsx(
                "whitespace-nowrap rounded px-3 py-1.5 text-xs font-medium focus-visible:outline-2 focus-visible:outline-indigo-600",
                option.value === filter ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
              )}
            >
              {option.value === "spam" ? tf("filter") : t(`filters.${option.value}`)}{" "}
              <span className="tabular-nums text-slate-500">
                {format.number(counts[option.value])}
                {counts.capped && counts[option.value] > 0 ? "+" : ""}
              </span>
            </Link>
          ))}
        </nav>
      </header>
      {page.submissions.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-slate-500">
          {paged
            ? t("noMore")
            : revoked && filter === "all"
              ? t("noneBeforeRevoked")
              : !snippets && filter === "all"
                ? t("empty.allSource")
                : filter === "spam"
                  ? tf("empty")
                  : t(`empty.${filter}`)}
        </p>
      ) : (
        <>
          <div
            aria-hidden
            className={`hidden gap-x-4 border-b border-slate-100 bg-slate-50 px-4 py-2 text-xs font-medium uppercase tracking-wide text-slate-500 @4xl:grid ${LOG_COLUMNS}`}
          >
            <span>{t("columns.time")}</span>
            <span>{t("columns.outcome")}</span>
            <span>HTTP</span>
            <span>{t("columns.error")}</span>
            <span>IP</span>
            <span>{t("columns.origin")}</span>
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
        <nav aria-label={t("pages")} className="flex items-center justify-between gap-2 border-t border-slate-100 px-5 py-3">
          <div className="flex gap-2">
            {paged ? (
              <>
                <ButtonLink href={href(linkPath, filter)} variant="secondary" size="sm">
                  {t("newest")}
                </ButtonLink>
                <ButtonLink href={href(linkPath, filter, { after: page.newerCursor })} variant="secondary" size="sm">
                  ← {t("newer")}
                </ButtonLink>
              </>
            ) : null}
          </div>
          {page.olderCursor ? (
            <ButtonLink href={href(linkPath, filter, { before: page.olderCursor })} variant="secondary" size="sm">
              {t("older")} →
            </ButtonLink>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
