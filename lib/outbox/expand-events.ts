import type { SqlExecutor } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import type { Channel } from "./channel";

/** The columns of `ev`, the events being expanded, that a channel's expansion reads (lib/events). */
export const EXPANDED_EVENT_COLUMNS =
  "id, workspace_id, type, lead_id, submission_id, capture_link_id, endpoint_id, data, created_at" as const;

/**
 * The channels' inserts from `ev` as CTEs (`, d0 AS (…), d1 AS (…)`) and the statement's name, which says which
 * channels take part: the text depends on them, so each combination is prepared under its own name. A channel
 * left out by `skip` (it holds its deliveries instead: hold-events.ts), or off on this server, adds nothing.
 */
export function channelInserts(
  statement: string,
  channels: readonly Channel[],
  skip: (channel: Channel) => boolean = () => false,
): { name: Prisma.Sql; deliveries: Prisma.Sql } {
  const parts = channels.flatMap((channel) => {
    const sql = skip(channel) ? undefined : channel.expandSql?.();
    return sql ? [{ name: channel.name, sql }] : [];
  });
  const name = Prisma.raw(`/* leadlink:${statement}${parts.map((part) => `-${part.name}`).join("")} */`);
  const deliveries =
    parts.length > 0
      ? Prisma.join(
          parts.map((part, index) => Prisma.sql`, ${Prisma.raw(`d${index}`)} AS (${part.sql})`),
          "",
        )
      : Prisma.empty;
  return { name, deliveries };
}

/**
 * Turns up to `limit` events into their channels' deliveries and deletes them, in one statement: the events
 * are taken with `FOR UPDATE SKIP LOCKED` (instances expanding together each take others), each channel's
 * expansion inserts its rows from them (its subscription rule: lib/channels/<name>), and nothing is expanded
 * twice or lost: the deletion and the inserts commit together. A channel that is off (no mail server, no
 * WhatsApp) adds nothing, so its share of an event is dropped, as nothing would ever send it.
 * Returns how many events were expanded.
 */
export async function expandEvents(database: SqlExecutor, channels: readonly Channel[], limit: number): Promise<number> {
  const { name, deliveries } = channelInserts("expand-events", channels);
  const [row] = await database.sql<{ n: number }>(Prisma.sql`
    ${name}
    WITH ev AS (
      DELETE FROM events
      WHERE id IN (SELECT id FROM events ORDER BY created_at LIMIT ${limit}::int FOR UPDATE SKIP LOCKED)
      RETURNING ${Prisma.raw(EXPANDED_EVENT_COLUMNS)}
    )${deliveries}
    SELECT count(*)::int AS n FROM ev`);
  return row?.n ?? 0;
}
