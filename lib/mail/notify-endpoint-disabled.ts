import type { SqlExecutor } from "@/lib/db/client";
import { statement } from "@/lib/db/client";
import { mailEnabled } from "./mail-config";

/** Tells the owners and admins of the endpoint's workspace, by email, that Leadlink disabled it (when email is on). */
export async function notifyEndpointDisabled(database: SqlExecutor, workspaceId: string, endpointId: string): Promise<void> {
  if (!mailEnabled()) return;
  await database.sql(
    statement(
      `INSERT INTO email_messages (id, kind, workspace_id, user_id, endpoint_id)
       SELECT gen_random_uuid(), 'endpoint_disabled', m.workspace_id, m.user_id, $2::uuid
       FROM memberships m WHERE m.workspace_id = $1::uuid AND m.role IN ('owner', 'admin')`,
      [workspaceId, endpointId],
    ),
  );
}
