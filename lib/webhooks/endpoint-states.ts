import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";

/** How an endpoint's deliveries stand: its latest attempt and how many messages wait or failed. */
export interface EndpointState {
  lastAttempt: { at: string; status: number | null; succeeded: boolean; error: string | null } | null;
  pending: number;
  failed: number;
}

interface StateRow {
  endpoint_id: string;
  at: Date | null;
  status: number | null;
  succeeded: boolean | null;
  error: string | null;
  pending: number;
  failed: number;
}

/**
 * The delivery state of every endpoint of the workspace, for the endpoints list. Raw SQL: one round trip
 * with a lateral "latest attempt" per endpoint (index webhook_attempts(endpoint_id, at)), which Prisma's
 * query API would make one query per endpoint.
 */
export async function listEndpointStates(workspaceId: string): Promise<Map<string, EndpointState>> {
  const { prisma } = await getDatabase();
  const rows = await prisma.$queryRaw<StateRow[]>(Prisma.sql`
    SELECT e.id::text AS endpoint_id, a.at, a.status, a.succeeded, a.error,
      (SELECT count(*)::int FROM webhook_messages m WHERE m.endpoint_id = e.id AND m.state = 'pending') AS pending,
      (SELECT count(*)::int FROM webhook_messages m WHERE m.endpoint_id = e.id AND m.state = 'failed') AS failed
    FROM webhook_endpoints e
    LEFT JOIN LATERAL (
      SELECT at, status, succeeded, error FROM webhook_attempts WHERE endpoint_id = e.id ORDER BY at DESC LIMIT 1
    ) a ON true
    WHERE e.workspace_id = ${workspaceId}::uuid`);
  return new Map(
    rows.map((row) => [
      row.endpoint_id,
      {
        lastAttempt: row.at
          ? { at: row.at.toISOString(), status: row.status, succeeded: Boolean(row.succeeded), error: row.error }
          : null,
        pending: Number(row.pending),
        failed: Number(row.failed),
      },
    ]),
  );
}
