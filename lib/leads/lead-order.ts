import { Prisma } from "@/lib/db/generated/client";
import type { LeadCursor } from "./lead-cursor";
import type { LeadSort } from "./lead-filter";

/**
 * Each sort is the order of one index, workspace_id first (leads_workspace_id_created_at_id_idx,
 * leads_workspace_id_updated_at_id_idx, leads_workspace_id_name_idx), with the id as tie-breaker, so a
 * page after a cursor is one index range scan however deep it is. Row comparisons keep the range a
 * single index condition.
 */
interface SortSql {
  /** The row's keys, in order. */
  keys: Prisma.Sql;
  ascending: boolean;
}

const SORT_SQL: Record<LeadSort, SortSql> = {
  newest: { keys: Prisma.sql`l.created_at, l.id`, ascending: false },
  oldest: { keys: Prisma.sql`l.created_at, l.id`, ascending: true },
  updated: { keys: Prisma.sql`l.updated_at, l.id`, ascending: false },
  name: { keys: Prisma.sql`(l.name IS NULL), coalesce(leadlink_fold(l.name), ''), l.id`, ascending: true },
};

const ORDER_SQL: Record<LeadSort, [forward: string, backward: string]> = {
  newest: ["l.created_at DESC, l.id DESC", "l.created_at ASC, l.id ASC"],
  oldest: ["l.created_at ASC, l.id ASC", "l.created_at DESC, l.id DESC"],
  updated: ["l.updated_at DESC, l.id DESC", "l.updated_at ASC, l.id ASC"],
  name: [
    "(l.name IS NULL) ASC, coalesce(leadlink_fold(l.name), '') ASC, l.id ASC",
    "(l.name IS NULL) DESC, coalesce(leadlink_fold(l.name), '') DESC, l.id DESC",
  ],
};

/** The sort's keys as named columns, for a subquery whose rows an outer query keeps in order. */
export const LEAD_SORT_KEYS: Record<LeadSort, Prisma.Sql> = {
  newest: Prisma.sql`l.created_at AS sort_1, l.id AS sort_2, l.id AS sort_3`,
  oldest: Prisma.sql`l.created_at AS sort_1, l.id AS sort_2, l.id AS sort_3`,
  updated: Prisma.sql`l.updated_at AS sort_1, l.id AS sort_2, l.id AS sort_3`,
  name: Prisma.sql`(l.name IS NULL) AS sort_1, coalesce(leadlink_fold(l.name), '') AS sort_2, l.id AS sort_3`,
};

/**
 * ORDER BY over those named columns: the planner sees that the subquery's rows already come in this
 * order, so the outer LIMIT stops reading as soon as it has its rows.
 */
export function leadOrderOfKeys(sort: LeadSort, reversed = false, alias = "l"): Prisma.Sql {
  const ascending = SORT_SQL[sort].ascending !== reversed;
  const direction = ascending ? "ASC" : "DESC";
  return Prisma.raw(`${alias}.sort_1 ${direction}, ${alias}.sort_2 ${direction}, ${alias}.sort_3 ${direction}`);
}

/** ORDER BY of the sort, or of its reverse (reading the rows before a cursor). */
export function leadOrder(sort: LeadSort, reversed = false): Prisma.Sql {
  return Prisma.raw(ORDER_SQL[sort][reversed ? 1 : 0]);
}

/** The rows after the cursor in its direction (for "prev": the rows before it in the sort's order). */
export function leadCursorCondition(cursor: LeadCursor): Prisma.Sql {
  const { keys, ascending } = SORT_SQL[cursor.sort];
  const values =
    cursor.sort === "name"
      ? Prisma.sql`${cursor.unnamed ?? false}::boolean, ${cursor.key}::text, ${cursor.id}::uuid`
      : Prisma.sql`${new Date(cursor.key)}::timestamptz, ${cursor.id}::uuid`;
  const forward = cursor.direction === "next";
  const greater = ascending === forward;
  return greater ? Prisma.sql`(${keys}) > (${values})` : Prisma.sql`(${keys}) < (${values})`;
}

/** The sort-key columns a query selects so that a cursor can be made from any row. */
export const LEAD_SORT_KEY_COLUMNS = Prisma.sql`l.created_at AS "createdAt", l.updated_at AS "updatedAt", l.id AS "id",
  coalesce(leadlink_fold(l.name), '') AS "nameKey", (l.name IS NULL) AS "unnamed"`;

export interface LeadSortKeys {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  nameKey: string;
  unnamed: boolean;
}

export function cursorAt(row: LeadSortKeys, sort: LeadSort, direction: "next" | "prev"): LeadCursor {
  if (sort === "name") return { sort, direction, key: row.nameKey, unnamed: row.unnamed, id: row.id };
  return { sort, direction, key: (sort === "updated" ? row.updatedAt : row.createdAt).toISOString(), id: row.id };
}
