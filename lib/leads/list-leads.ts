import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { DEFAULT_TIME_ZONE, requireTimeZone } from "@/lib/time/time-zone";
import { parseInput } from "@/lib/validation/parse-input";
import { loadFieldNames } from "./field-names";
import { decodeLeadCursor, encodeLeadCursor } from "./lead-cursor";
import { LeadFilter, type LeadFilterInput } from "./lead-filter";
import { type LeadJson, leadSelect, toLeadJson } from "./lead-json";
import { cursorAt, LEAD_SORT_KEY_COLUMNS, type LeadSortKeys } from "./lead-order";
import type { LeadStatus } from "./lead-workflow-input";
import { selectLeadRows } from "./select-lead-rows";

export const MAX_LEADS_PER_PAGE = 1000;

export const LeadListQuery = z.object({
  limit: z.coerce
    .number("must be a number")
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MAX_LEADS_PER_PAGE, `must be at most ${MAX_LEADS_PER_PAGE}`)
    .default(50),
});
export type LeadListQuery = z.input<typeof LeadListQuery>;

/** The workspace's newest leads first (the order of the leads_workspace_id_created_at_id_idx index). */
export async function listLeads(workspaceId: string, query: LeadListQuery = {}): Promise<LeadJson[]> {
  const { limit } = parseInput(LeadListQuery, query, "lead list");
  const { prisma } = await getDatabase();
  const [leads, fieldNames] = await Promise.all([
    prisma.lead.findMany({
      // An erased lead is listed nowhere (DESIGN.md section 13).
      where: { workspaceId, erasedAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      select: leadSelect,
    }),
    loadFieldNames(workspaceId),
  ]);
  return leads.map((lead) => toLeadJson(lead, fieldNames));
}

export const LEADS_PER_PAGE = 50;

/** A row of the admin leads table. UTM values are the first touch: where the lead came from. */
export interface LeadListItem extends LeadSortKeys {
  name: string | null;
  email: string | null;
  telephone: string | null;
  document: string | null;
  captureLinkId: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  status: LeadStatus;
  ownerId: string | null;
  tags: string[];
}

export interface LeadPage {
  leads: LeadListItem[];
  /** Cursor (`after`) of the next page, when there is one. */
  nextCursor?: string;
  /** Cursor (`after`) of the previous page, when there is one. */
  previousCursor?: string;
}

const LIST_COLUMNS = Prisma.sql`${LEAD_SORT_KEY_COLUMNS}, l.name, l.email, l.phone AS telephone, l.document,
  l.capture_link_id AS "captureLinkId", l.first_utm_source AS "utmSource", l.first_utm_medium AS "utmMedium",
  l.first_utm_campaign AS "utmCampaign", l.status::text AS status, l.owner_id AS "ownerId", l.tags`;

/**
 * One page of the workspace's leads matching `filter`, with keyset pagination (`after`: a cursor from a
 * previous page; one that does not fit the sort gives the first page). No COUNT(*): at a million leads it
 * would cost more than the page.
 */
export async function listLeadPage(
  workspaceId: string,
  filterInput: LeadFilterInput,
  options: { after?: string; limit?: number; timeZone?: string } = {},
): Promise<LeadPage> {
  const filter = parseInput(LeadFilter, filterInput, "lead filter");
  const timeZone = requireTimeZone(options.timeZone ?? DEFAULT_TIME_ZONE);
  const limit = options.limit ?? LEADS_PER_PAGE;
  const cursor = decodeLeadCursor(options.after, filter.sort);
  const backward = cursor?.direction === "prev";
  const rows = await selectLeadRows<LeadListItem>({
    columns: LIST_COLUMNS,
    workspaceId,
    filter,
    timeZone,
    cursor,
    limit: limit + 1,
  });
  const more = rows.length > limit;
  const leads = rows.slice(0, limit);
  if (backward) leads.reverse();
  const first = leads[0];
  const last = leads.at(-1);
  // Coming from a cursor, the rows on its other side exist (the cursor's own row at least).
  const hasNext = backward ? true : more;
  const hasPrevious = backward ? more : cursor !== undefined;
  return {
    leads,
    nextCursor: hasNext && last ? encodeLeadCursor(cursorAt(last, filter.sort, "next")) : undefined,
    previousCursor: hasPrevious && first ? encodeLeadCursor(cursorAt(first, filter.sort, "prev")) : undefined,
  };
}
