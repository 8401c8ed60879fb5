import type { Database } from "@/lib/db/client";
import { statement } from "@/lib/db/client";
import { expandEvents } from "@/lib/outbox/expand-events";
import { outboxChannels } from "@/lib/server/outbox";

/**
 * Waits until the outbox runner has turned every event of the workspace into its channels' deliveries
 * (lib/outbox/expand-events.ts): after that, a delivery that is not there will not come.
 */
export async function waitForEventsExpanded(database: Database, workspaceId: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await database.sql<{ n: number }>(
      statement(`SELECT count(*)::int AS n FROM events WHERE workspace_id = $1::uuid`, [workspaceId]),
    );
    if (row?.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${row?.n} events of workspace ${workspaceId} still wait to be expanded`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Turns every waiting event into its channels' deliveries now, as a runner would before claiming (for tests
 * that claim or list messages with no runner started).
 */
export async function expandWaitingEvents(database: Database): Promise<void> {
  while ((await expandEvents(database, outboxChannels(), 500)) > 0) {}
}
