import { type Database, type SqlExecutor, statement } from "@/lib/db/client";
import { env } from "@/lib/env";
import { findCaptureLink } from "@/lib/ingest/capture-context";
import { log } from "@/lib/log";
import type { Channel, OutboxItem } from "@/lib/outbox/channel";
import { nextRetryDelay } from "@/lib/outbox/retry-schedule";
import { fetchGraphLead, type GraphLeadResult } from "./fetch-graph-lead";
import { metaSettings } from "./meta-settings";
import { type AnnouncedFetch, recordFailedFetch, type StoredOutcome, storeFetchedLead } from "./store-fetched-lead";

/** A claimed fetch: the lead to read, the link it came to, and how many attempts it has had. */
export interface MetaFetchItem extends OutboxItem, AnnouncedFetch {
  id: string;
  workspaceId: string;
  captureLinkId: string;
  token: string;
  attemptCount: number;
}

interface MetaFetchRow {
  id: string;
  workspace_id: string;
  capture_link_id: string;
  token: string;
  leadgen_id: string;
  platform: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
  attempt_count: number;
}

/** How long a settled fetch's row is kept (Meta's resends of a lead are answered from it), then deleted. */
const SETTLED_KEPT_DAYS = 30;

/** The fetch is over: its submission is written (stored) or it failed for good; only while `owner` holds it. */
async function settle(
  database: SqlExecutor,
  item: MetaFetchItem,
  owner: string,
  state: "stored" | "failed",
  outcome: StoredOutcome,
  error: string | null,
): Promise<void> {
  await database.sql(
    statement(
      `/* leadlink:meta-fetch-settle */
      UPDATE meta_lead_fetches SET state = $3, attempt_count = attempt_count + 1, last_error = $4, submission_id = $5::uuid,
        lead_id = $6::uuid, settled_at = now(), lease_owner = NULL, lease_expires_at = NULL
      WHERE id = $1 AND lease_owner = $2`,
      [item.id, owner, state, error, outcome.submissionId, outcome.leadId],
    ),
  );
}

async function retryLater(database: SqlExecutor, item: MetaFetchItem, owner: string, error: string, delayMs: number) {
  await database.sql(
    statement(
      `/* leadlink:meta-fetch-retry */
      UPDATE meta_lead_fetches SET attempt_count = attempt_count + 1, last_error = $3,
        next_attempt_at = now() + make_interval(secs => $4::double precision / 1000), lease_owner = NULL, lease_expires_at = NULL
      WHERE id = $1 AND lease_owner = $2`,
      [item.id, owner, error, delayMs],
    ),
  );
}

/** One attempt at the Graph API, or why none could be made (no page token on the link: retried, it may be saved). */
async function attempt(item: MetaFetchItem, pageAccessToken: string, signal: AbortSignal): Promise<GraphLeadResult> {
  if (!pageAccessToken) {
    return { ok: false, error: "this link has no Meta page access token saved", status: null, retry: true };
  }
  return fetchGraphLead({ baseUrl: env().META_GRAPH_URL, leadgenId: item.leadgenId, accessToken: pageAccessToken, signal });
}

/**
 * The Meta Lead Ads fetch (DESIGN.md section 15): each lead Meta's webhook announced (queued by
 * lib/capture/sources/meta in `meta_lead_fetches`) is read from the Graph API with the link's page access token
 * and stored through the one pipeline. Claimed like the other queues (a lease, `FOR UPDATE SKIP LOCKED`),
 * retried on section 7's schedule; a fetch that fails for good is a rejected submission, source_fetch_failed.
 * No events feed it (no expandSql): the webhook's request writes its rows.
 */
export const metaFetchChannel: Channel<MetaFetchItem> = {
  name: "meta-fetch",

  async claim(database: Database, owner: string, limit: number, leaseMs: number): Promise<MetaFetchItem[]> {
    const rows = await database.sql<MetaFetchRow>(
      statement(
        `/* leadlink:claim-meta-fetches */
        UPDATE meta_lead_fetches f SET lease_owner = $1, lease_expires_at = now() + make_interval(secs => $3::double precision / 1000)
        FROM (
          SELECT c.id FROM meta_lead_fetches c
          WHERE c.state = 'pending' AND c.next_attempt_at <= now() AND (c.lease_expires_at IS NULL OR c.lease_expires_at < now())
          ORDER BY c.next_attempt_at
          LIMIT $2
          FOR UPDATE OF c SKIP LOCKED
        ) d, capture_links l
        WHERE f.id = d.id AND l.id = f.capture_link_id
        RETURNING f.id, f.workspace_id, f.capture_link_id, l.token, f.leadgen_id, f.platform, f.ip, f.user_agent, f.attempt_count`,
        [owner, limit, leaseMs],
      ),
    );
    return rows.map((row) => ({
      key: `meta-fetch:${row.id}`,
      id: row.id,
      workspaceId: row.workspace_id,
      captureLinkId: row.capture_link_id,
      token: row.token,
      leadgenId: row.leadgen_id,
      platform: row.platform,
      ip: row.ip,
      userAgent: row.user_agent,
      attemptCount: row.attempt_count,
    }));
  },

  async deliver(database, item, context): Promise<void> {
    const link = await findCaptureLink(item.token);
    if (!link) return; // deleted since: its queue rows went with it
    const result = await attempt(item, metaSettings(link.sourceSettings).pageAccessToken, context.signal);
    if (context.signal.aborted) return; // the runner is stopping: the fetch is released, not counted as a failure
    if (result.ok) {
      try {
        const outcome = await storeFetchedLead(database, link, item, result.lead);
        await settle(database, item, context.owner, "stored", outcome, null);
      } catch (error) {
        // The database failed under the write: the lead is fetched again later (its leadgen_id keeps it single).
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ err: reason, leadgenId: item.leadgenId }, "could not store a fetched Meta lead; retrying");
        await retryLater(database, item, context.owner, `not stored: ${reason}`.slice(0, 1_000), nextRetryDelay(1, 0) ?? 5_000);
      }
      return;
    }
    const delay = result.retry ? nextRetryDelay(item.attemptCount + 1, result.retryAfterMs) : undefined;
    if (delay !== undefined) {
      await retryLater(database, item, context.owner, result.error, delay);
      return;
    }
    const outcome = await recordFailedFetch(database, link, item, result.error);
    await settle(database, item, context.owner, "failed", outcome, result.error);
  },

  async release(database: Database, owner: string): Promise<void> {
    await database.sql(
      statement(
        `UPDATE meta_lead_fetches SET lease_owner = NULL, lease_expires_at = NULL WHERE lease_owner = $1 AND state = 'pending'`,
        [owner],
      ),
    );
  },

  async releaseAll(database: Database): Promise<void> {
    await database.sql(
      statement(
        `UPDATE meta_lead_fetches SET lease_owner = NULL, lease_expires_at = NULL WHERE lease_owner IS NOT NULL AND state = 'pending'`,
      ),
    );
  },

  async tick(database: Database): Promise<void> {
    await database.sql(
      statement(
        `DELETE FROM meta_lead_fetches WHERE state <> 'pending' AND settled_at < now() - make_interval(days => $1::int)`,
        [SETTLED_KEPT_DAYS],
      ),
    );
  },
};
