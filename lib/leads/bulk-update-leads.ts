import { z } from "zod";
import type { Database, SqlExecutor } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { wakeOutbox } from "@/lib/outbox/wake";
import { DEFAULT_TIME_ZONE, requireTimeZone } from "@/lib/time/time-zone";
import { parseInput } from "@/lib/validation/parse-input";
import { uuidSchema } from "@/lib/validation/uuid";
import { emitLeadAssigned } from "./emit-lead-assigned";
import { emitLeadUpdated } from "./emit-lead-updated";
import { firstResponseSet, isResponse } from "./first-response";
import { LeadFilter, type LeadFilterInput, leadMatchCondition, leadScopeCondition, NOT_ERASED } from "./lead-filter";
import { requireOwnerMember } from "./lead-owner";
import { canonicalTags, existingTag } from "./lead-tags";
import { type BulkLeadAction, type BulkLeadActionInput, bulkLeadActionSchema, MAX_TAGS_PER_LEAD } from "./lead-workflow-input";
import type { LeadChangeActor, LeadChangeField } from "./record-lead-changes";
import { recordLeadChangesSql } from "./record-lead-changes";

/** Leads per transaction: short row locks, so ingest updating the same leads never waits long. */
const BATCH_SIZE = 500;
export const MAX_SELECTED_LEADS = 1000;

/** Which leads a bulk action applies to: the rows ticked on the page, or everything a filter matches. */
export type BulkTarget = { ids: string[] } | { filter: LeadFilterInput; timeZone?: string };

const SelectedIds = z
  .array(z.string().trim().toLowerCase().pipe(uuidSchema("must be lead ids")), "must be a list of lead ids")
  .min(1, "select at least one lead")
  .max(MAX_SELECTED_LEADS, `must be at most ${MAX_SELECTED_LEADS} leads`);

/** The leads of a target, one batch at a time, in id order, always inside the workspace. */
type BatchSource = (after: string | undefined) => Promise<string[]>;

function batchSource(db: Database, workspaceId: string, target: BulkTarget): BatchSource {
  if ("ids" in target) {
    const ids = [...new Set(parseInput(SelectedIds, target.ids, "lead selection"))].sort();
    return async (after) => ids.filter((id) => after === undefined || id > after).slice(0, BATCH_SIZE);
  }
  const filter = parseInput(LeadFilter, target.filter, "lead filter");
  const timeZone = requireTimeZone(target.timeZone ?? DEFAULT_TIME_ZONE);
  const match = leadMatchCondition(filter);
  const where = Prisma.join([leadScopeCondition(workspaceId, filter, timeZone), ...(match ? [match] : [])], " AND ");
  return async (after) => {
    const rows = await db.sql<{ id: string }>(Prisma.sql`
      SELECT l.id FROM leads l WHERE ${where} ${after ? Prisma.sql`AND l.id > ${after}::uuid` : Prisma.empty}
      ORDER BY l.id LIMIT ${BATCH_SIZE}`);
    return rows.map((row) => row.id);
  };
}

/** How many leads a target holds now: what the confirmation says before the action runs. */
export async function countBulkTarget(db: Database, workspaceId: string, target: BulkTarget): Promise<number> {
  if ("ids" in target) {
    const ids = parseInput(SelectedIds, target.ids, "lead selection");
    const [row] = await db.sql<{ count: number }>(Prisma.sql`
      SELECT count(*)::int AS count FROM leads l
      WHERE l.workspace_id = ${workspaceId}::uuid AND l.id = ANY (${ids}::uuid[]) AND ${NOT_ERASED}`);
    return row?.count ?? 0;
  }
  const filter = parseInput(LeadFilter, target.filter, "lead filter");
  const timeZone = requireTimeZone(target.timeZone ?? DEFAULT_TIME_ZONE);
  const match = leadMatchCondition(filter);
  if (!match) {
    // Every lead of the workspace (or of a date range): an index-only count of the workspace's index, less
    // the erased ones, counted from their own small index (migration 20261127010000); asking each of a
    // million entries for erased_at would read every row from the table.
    const range = leadScopeCondition(workspaceId, filter, timeZone, { withErased: true });
    const [row] = await db.sql<{ count: number }>(Prisma.sql`
      SELECT ((SELECT count(*) FROM leads l WHERE ${range})
        - (SELECT count(*) FROM leads l WHERE ${range} AND l.erased_at IS NOT NULL))::int AS count`);
    return row?.count ?? 0;
  }
  const [row] = await db.sql<{ count: number }>(Prisma.sql`
    SELECT count(*)::int AS count FROM leads l
    WHERE ${leadScopeCondition(workspaceId, filter, timeZone)} AND ${match}`);
  return row?.count ?? 0;
}

/** A field's value as lead_changes keeps it (JSON; an unowned lead's owner is JSON null). */
const HISTORY: Record<LeadChangeField, Prisma.Sql> = {
  status: Prisma.sql`to_jsonb(l.status::text)`,
  owner: Prisma.sql`coalesce(to_jsonb(l.owner_id::text), 'null'::jsonb)`,
  tags: Prisma.sql`to_jsonb(l.tags)`,
};

/** The SET list, the "would change" condition and the field it changes of an action, for one batch. */
async function actionSql(tx: SqlExecutor, workspaceId: string, action: BulkLeadAction, actor: LeadChangeActor) {
  switch (action.kind) {
    case "status":
      return {
        field: "status" as const,
        set: Prisma.sql`status = ${action.status}::lead_status ${firstResponseSet(isResponse(actor.userId, action.status))}`,
        differs: Prisma.sql`l.status <> ${action.status}::lead_status`,
      };
    case "owner":
      if (action.ownerId) await requireOwnerMember(tx, workspaceId, action.ownerId);
      return {
        field: "owner" as const,
        set: Prisma.sql`owner_id = ${action.ownerId}::uuid`,
        differs: Prisma.sql`l.owner_id IS DISTINCT FROM ${action.ownerId}::uuid`,
      };
    case "addTag": {
      const [tag] = await canonicalTags(tx, workspaceId, [action.tag]);
      return {
        field: "tags" as const,
        set: Prisma.sql`tags = array_append(l.tags, ${tag}::text)`,
        differs: Prisma.sql`NOT (${tag}::text = ANY (l.tags)) AND cardinality(l.tags) < ${MAX_TAGS_PER_LEAD}`,
      };
    }
    case "removeTag": {
      const tag = await existingTag(tx, workspaceId, action.tag);
      if (tag === undefined) return undefined;
      return {
        field: "tags" as const,
        set: Prisma.sql`tags = array_remove(l.tags, ${tag}::text)`,
        differs: Prisma.sql`${tag}::text = ANY (l.tags)`,
      };
    }
  }
}

/**
 * Applies `action` to the target's leads in batches, each its own transaction: the leads it changes get
 * `updatedAt` bumped, a row in their history (lead_changes, one INSERT per batch) and a `lead.updated`
 * message; those it would not change are left alone (no history row either). Every statement is scoped to the
 * workspace and to leads not erased, so ids of another workspace's leads, or of an erased lead, are skipped, never
 * touched.
 * Returns how many leads changed. A failure stops it: the batches already done stay done.
 */
export async function bulkUpdateLeads(
  db: Database,
  request: {
    workspaceId: string;
    actorUserId: string | null;
    actorKeyId?: string | null;
    target: BulkTarget;
    action: BulkLeadActionInput;
  },
): Promise<{ updated: number }> {
  const { workspaceId } = request;
  const actor: LeadChangeActor = { userId: request.actorUserId, keyId: request.actorKeyId };
  const action = parseInput(bulkLeadActionSchema, request.action, "bulk action");
  const next = batchSource(db, workspaceId, request.target);
  let updated = 0;
  let after: string | undefined;
  for (;;) {
    const ids = await next(after);
    if (ids.length === 0) break;
    after = ids.at(-1);
    updated += await db.transaction(async (tx) => {
      const sql = await actionSql(tx, workspaceId, action, actor);
      if (!sql) return 0;
      // One statement: the rows before (locked), the update, and their history in one INSERT ... SELECT.
      const history = HISTORY[sql.field];
      const changed = await tx.sql<{ id: string; from_value: unknown; to_value: unknown }>(Prisma.sql`
        WITH old AS (
          SELECT l.id, ${history} AS from_value FROM leads l
          WHERE l.workspace_id = ${workspaceId}::uuid AND l.id = ANY (${ids}::uuid[]) AND ${NOT_ERASED} AND ${sql.differs}
          FOR UPDATE
        ), changed AS (
          UPDATE leads l SET ${sql.set}, updated_at = now() FROM old
          WHERE l.workspace_id = ${workspaceId}::uuid AND l.id = old.id
          RETURNING l.id, old.from_value, ${history} AS to_value
        ), logged AS (
          ${recordLeadChangesSql(workspaceId, actor, sql.field, Prisma.sql`SELECT id, from_value, to_value FROM changed`)}
        )
        SELECT id, from_value, to_value FROM changed`);
      const leads = changed.map((row) => ({
        leadId: row.id,
        changes: [{ field: sql.field, from: row.from_value, to: row.to_value }],
      }));
      await emitLeadUpdated(tx, workspaceId, leads);
      await emitLeadAssigned(tx, workspaceId, request.actorUserId, leads);
      return changed.length;
    });
    if (ids.length < BATCH_SIZE) break;
  }
  if (updated > 0) wakeOutbox();
  return { updated };
}
