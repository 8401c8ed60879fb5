import { z } from "zod";
import { Prisma } from "@/lib/db/generated/client";
import { getReadDatabase } from "@/lib/db/replica";
import { type LoggedSubmission, storedIssues, submissionLogSelect } from "@/lib/leads/submission-log";
import { parseInput } from "@/lib/validation/parse-input";
import { decodeSubmissionCursor, encodeSubmissionCursor } from "./submission-cursor";

/** The Spam folder of a link's request log: a filled honeypot, or a failed captcha (DESIGN.md section 11). */
export const SPAM_WHERE = {
  OR: [{ outcome: "spam" }, { outcome: "rejected", errorCode: "captcha_failed" }],
} satisfies Prisma.SubmissionWhereInput;

export const SUBMISSION_FILTERS = ["all", "accepted", "rejected", "spam", "dryRun"] as const;
export type SubmissionFilter = (typeof SUBMISSION_FILTERS)[number];

const LIVE = { dryRun: false } satisfies Prisma.SubmissionWhereInput;

// The tabs after "all" split the log in four, so that each tab's count is the number of rows it lists and
// they add up to "all": a dry run is under "Dry run" only (it made no lead, accepted or not), spam (honeypot,
// failed captcha) under "Spam" only, never also under "Rejected".
const OUTCOMES: Record<SubmissionFilter, Prisma.SubmissionWhereInput> = {
  all: {},
  accepted: { ...LIVE, outcome: { in: ["created", "updated"] } },
  // NULL-safe: SQL's NOT (error_code = …) would drop a rejection without a code.
  rejected: { ...LIVE, outcome: "rejected", OR: [{ errorCode: null }, { errorCode: { not: "captcha_failed" } }] },
  spam: { ...LIVE, ...SPAM_WHERE },
  dryRun: { dryRun: true },
};

export const SubmissionLogQuery = z.object({
  filter: z.enum(SUBMISSION_FILTERS).default("all").catch("all"),
  /** Rows older than this cursor (the next page). */
  before: z.string().optional(),
  /** Rows newer than this cursor (the previous page); ignored when `before` is given. */
  after: z.string().optional(),
  limit: z.number().int().min(1).max(200).default(25),
});
export type SubmissionLogQuery = z.input<typeof SubmissionLogQuery>;

export interface SubmissionLogPage {
  submissions: LoggedSubmission[];
  /** Cursor of the next (older) page, when there is one. */
  olderCursor?: string;
  /** Cursor of the previous (newer) page, when there is one. */
  newerCursor?: string;
}

/**
 * One page of a link's request log, newest first, with keyset pagination on (receivedAt, id): pages stay
 * stable while requests keep arriving, and deep pages cost what the first one does.
 */
export async function listLinkSubmissions(
  workspaceId: string,
  captureLinkId: string,
  query: SubmissionLogQuery = {},
): Promise<SubmissionLogPage> {
  const { filter, limit, ...cursors } = parseInput(SubmissionLogQuery, query, "request log query");
  const before = decodeSubmissionCursor(cursors.before);
  const after = before ? undefined : decodeSubmissionCursor(cursors.after);
  const { prisma } = await getReadDatabase();

  let position: Prisma.SubmissionWhereInput = {};
  if (before)
    position = { OR: [{ receivedAt: { lt: before.receivedAt } }, { receivedAt: before.receivedAt, id: { lt: before.id } }] };
  if (after)
    position = { OR: [{ receivedAt: { gt: after.receivedAt } }, { receivedAt: after.receivedAt, id: { gt: after.id } }] };
  const direction = after ? "asc" : "desc";

  const rows = await prisma.submission.findMany({
    where: { workspaceId, captureLinkId, ...OUTCOMES[filter], ...position },
    orderBy: [{ receivedAt: direction }, { id: direction }],
    take: limit + 1,
    select: submissionLogSelect,
  });
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (after) page.reverse();

  const first = page[0];
  const last = page.at(-1);
  // Coming from a cursor, the rows on its other side exist (the cursor's own row at least).
  const hasNewer = after ? more : before !== undefined;
  const hasOlder = after ? true : more;
  return {
    submissions: page.map((row) => ({ ...row, errors: storedIssues(row.errors), warnings: storedIssues(row.warnings) })),
    olderCursor: hasOlder && last ? encodeSubmissionCursor(last) : undefined,
    newerCursor: hasNewer && first ? encodeSubmissionCursor(first) : undefined,
  };
}

/** How many rows each tab lists; `capped`: only the newest COUNTED_ROWS rows were counted, so each is "at least". */
export type LinkSubmissionCounts = Record<SubmissionFilter, number> & { capped: boolean };

/**
 * A busy link's log holds millions of rows, and the page is opened often: the counts read the newest rows only,
 * in one walk of the link's (capture_link_id, received_at) index, and say when there were more.
 */
export const COUNTED_ROWS = 100_000;

/**
 * How many rows each tab of the link's request log lists: counted from the rows themselves, with the tabs'
 * own conditions, so a tab never says 5 and lists 4 (the link's ingest counters count spam and dry-run
 * rejections among the rejected, and outlive rows that retention purges). One statement: the conditions are
 * OUTCOMES' own, written as SQL (a rejection without an error code is rejected, not spam).
 */
export async function countLinkSubmissions(
  workspaceId: string,
  captureLinkId: string,
  limit = COUNTED_ROWS,
): Promise<LinkSubmissionCounts> {
  const db = await getReadDatabase();
  const [row] = await db.sql<{ accepted: number; rejected: number; spam: number; dry_run: number; total: number }>(
    Prisma.sql`
      SELECT
        count(*) FILTER (WHERE s.n <= ${limit} AND NOT s.dry_run AND s.outcome IN ('created', 'updated'))::int AS accepted,
        count(*) FILTER (WHERE s.n <= ${limit} AND NOT s.dry_run AND s.outcome = 'rejected'
          AND s.error_code IS DISTINCT FROM 'captcha_failed')::int AS rejected,
        count(*) FILTER (WHERE s.n <= ${limit} AND NOT s.dry_run
          AND (s.outcome = 'spam' OR (s.outcome = 'rejected' AND s.error_code = 'captcha_failed')))::int AS spam,
        count(*) FILTER (WHERE s.n <= ${limit} AND s.dry_run)::int AS dry_run,
        count(*)::int AS total
      FROM (
        -- One row past the limit says whether there were more.
        SELECT outcome, dry_run, error_code, row_number() OVER (ORDER BY received_at DESC) AS n FROM (
          SELECT outcome, dry_run, error_code, received_at FROM submissions
          WHERE capture_link_id = ${captureLinkId}::uuid AND workspace_id = ${workspaceId}::uuid
          ORDER BY received_at DESC
          LIMIT ${limit + 1}
        ) newest
      ) s`,
  );
  const capped = (row?.total ?? 0) > limit;
  const counts = { accepted: row?.accepted ?? 0, rejected: row?.rejected ?? 0, spam: row?.spam ?? 0, dryRun: row?.dry_run ?? 0 };
  return { all: counts.accepted + counts.rejected + counts.spam + counts.dryRun, ...counts, capped };
}

/** How many entries the link's Spam folder holds: the rows its Spam tab lists. */
export async function countLinkSpam(workspaceId: string, captureLinkId: string): Promise<number> {
  return (await countLinkSubmissions(workspaceId, captureLinkId)).spam;
}
