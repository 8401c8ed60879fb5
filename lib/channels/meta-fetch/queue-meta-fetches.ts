import { type SqlExecutor, statement } from "@/lib/db/client";
import { wakeOutbox } from "@/lib/outbox/wake";

export interface MetaFetchRequest {
  workspaceId: string;
  captureLinkId: string;
  /** Meta's servers' address and user agent, kept for the submission each lead becomes. */
  ip: string | null;
  userAgent: string | null;
  /** Each lead Meta announced: its leadgen_id and the webhook change's ids. */
  leads: { leadgenId: string; platform: Record<string, unknown> }[];
}

/**
 * Queues one Graph API fetch per announced lead, in one statement: when it returns, every fetch exists, so the
 * webhook may be answered 200 (DESIGN.md section 15). A lead already queued on this link (Meta resends a
 * webhook it thinks was lost) queues nothing new. Returns the leadgen_ids queued now.
 */
export async function queueMetaFetches(database: SqlExecutor, request: MetaFetchRequest): Promise<string[]> {
  if (request.leads.length === 0) return [];
  const rows = await database.sql<{ leadgen_id: string }>(
    statement(
      `/* leadlink:queue-meta-fetches */
      INSERT INTO meta_lead_fetches (id, workspace_id, capture_link_id, leadgen_id, platform, ip, user_agent)
      SELECT gen_random_uuid(), $1::uuid, $2::uuid, lead.leadgen_id, lead.platform, $3::text, $4::text
      FROM jsonb_to_recordset($5::jsonb) AS lead(leadgen_id text, platform jsonb)
      ON CONFLICT (capture_link_id, leadgen_id) DO NOTHING
      RETURNING leadgen_id`,
      [
        request.workspaceId,
        request.captureLinkId,
        request.ip,
        request.userAgent,
        JSON.stringify(request.leads.map((lead) => ({ leadgen_id: lead.leadgenId, platform: lead.platform }))),
      ],
    ),
  );
  if (rows.length > 0) wakeOutbox();
  return rows.map((row) => row.leadgen_id);
}
