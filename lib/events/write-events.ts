import type { SqlExecutor } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import type { EventChange, EventType } from "./event-types";

/** A transaction of the driver's (lib/db) or of Prisma's (code that already holds one). */
type Transaction = SqlExecutor | Prisma.TransactionClient;

async function run(tx: Transaction, sql: Prisma.Sql): Promise<void> {
  if ("sql" in tx) await tx.sql(sql);
  else await tx.$executeRaw(sql);
}

/** An event that carries no lead: the ids say what it is about. */
export interface PlainEvent {
  workspaceId: string;
  type: EventType;
  leadId?: string | null;
  submissionId?: string | null;
  captureLinkId?: string | null;
  endpointId?: string | null;
}

/**
 * Writes events in the caller's transaction (the one that made the change): once it commits, the outbox runner
 * turns them into deliveries. The caller wakes the outbox after the commit (lib/outbox/wake.ts).
 */
export async function writeEvents(tx: Transaction, events: readonly PlainEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map(
    (event) => Prisma.sql`(gen_random_uuid(), ${event.workspaceId}::uuid, ${event.type}, ${event.leadId ?? null}::uuid,
      ${event.submissionId ?? null}::uuid, ${event.captureLinkId ?? null}::uuid, ${event.endpointId ?? null}::uuid)`,
  );
  await run(
    tx,
    Prisma.sql`INSERT INTO events (id, workspace_id, type, lead_id, submission_id, capture_link_id, endpoint_id)
      VALUES ${Prisma.join(rows)}`,
  );
}

/** What a person changed on one lead. */
export interface LeadChanges {
  leadId: string;
  changes: readonly EventChange[];
}

/**
 * Writes one event of `type` per lead with the lead as it is now in this transaction (the caller changed it
 * earlier in the same transaction) and, per lead, what changed: the content is fixed here, so every attempt
 * and every resend of its messages says the same (DESIGN.md section 14). `snapshotSql` is the lead's snapshot
 * expression over the alias `l` (lib/leads/lead-snapshot.ts). Leads of another workspace are skipped.
 */
export async function writeLeadEvents(
  tx: Transaction,
  workspaceId: string,
  type: EventType,
  leads: readonly LeadChanges[],
  snapshotSql: string,
): Promise<void> {
  if (leads.length === 0) return;
  await run(
    tx,
    Prisma.sql`
    INSERT INTO events (id, workspace_id, type, lead_id, capture_link_id, data)
    SELECT gen_random_uuid(), l.workspace_id, ${type}, l.id, l.capture_link_id,
      jsonb_build_object('lead', ${Prisma.raw(snapshotSql)}, 'changes', c.changes)
    FROM jsonb_to_recordset(${JSON.stringify(leads)}::jsonb) AS c("leadId" uuid, changes jsonb)
    JOIN leads l ON l.id = c."leadId" AND l.workspace_id = ${workspaceId}::uuid`,
  );
}
