import { type SqlExecutor, statement } from "@/lib/db/client";
import { findRejectedSubmissions, type PersonKeys } from "./find-rejected-submissions";

/** What every erasure step knows: the lead and the values that identify the person in stored text. */
export interface ErasureContext {
  workspaceId: string;
  leadId: string;
  /**
   * The person's email, phones and documents as stored and as sent in the lead's submissions: rejected
   * requests are not linked to the lead, so their bodies, referers and origins are searched for these.
   */
  person: PersonKeys;
}

/** One table's part of an erasure. Another table that holds personal data is one more entry in ERASURE_STEPS. */
export interface ErasureStep {
  table: string;
  /** Runs inside the erasure's transaction; returns how many rows it changed. */
  run(tx: SqlExecutor, context: ErasureContext): Promise<number>;
}

async function count(tx: SqlExecutor, sql: string, values: unknown[]): Promise<number> {
  const rows = await tx.sql<{ n: number }>(
    statement(`WITH changed AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM changed`, values),
  );
  return rows[0]?.n ?? 0;
}

/**
 * The tables that hold a lead's personal data, in the order they are cleared. What stays is anonymous:
 * the rows' ids, times, outcomes, links and UTM values, so that counts and charts do not change.
 */
export const ERASURE_STEPS: ErasureStep[] = [
  {
    // Before the submissions lose their keys: the idempotency records name them (and keep a hash of the body).
    table: "idempotency_keys",
    run: (tx, { workspaceId, leadId }) =>
      count(
        tx,
        `DELETE FROM idempotency_keys k USING submissions s
         WHERE s.lead_id = $1::uuid AND s.workspace_id = $2::uuid AND s.idempotency_key IS NOT NULL
           AND k.capture_link_id = s.capture_link_id AND k.key = s.idempotency_key`,
        [leadId, workspaceId],
      ),
  },
  {
    table: "submissions",
    run: (tx, { workspaceId, leadId }) =>
      count(
        tx,
        `UPDATE submissions SET payload = NULL, ip = NULL, user_agent = NULL, origin = NULL, referer = NULL,
           idempotency_key = NULL, warnings = '[]'::jsonb, errors = NULL, source_data = NULL
         WHERE lead_id = $1::uuid AND workspace_id = $2::uuid`,
        [leadId, workspaceId],
      ),
  },
  {
    // Rejected (and spam) requests belong to no lead; those whose body, referer or origin names the person
    // go too (find-rejected-submissions.ts says how they are found and what that costs).
    table: "submissions (rejected)",
    run: async (tx, { workspaceId, person }) => {
      const ids = await findRejectedSubmissions(tx, workspaceId, person);
      if (ids.length === 0) return 0;
      return count(
        tx,
        `UPDATE submissions SET payload = NULL, ip = NULL, user_agent = NULL, origin = NULL, referer = NULL,
           idempotency_key = NULL, warnings = '[]'::jsonb, errors = NULL, source_data = NULL
         WHERE workspace_id = $1::uuid AND lead_id IS NULL AND id = ANY ($2::uuid[])`,
        [workspaceId, ids],
      );
    },
  },
  {
    // The record that consent was given stays (granted, version, basis, purposes, time); what it said and
    // where the person was do not.
    table: "consent_records",
    run: (tx, { workspaceId, leadId }) =>
      count(
        tx,
        `UPDATE consent_records SET text = NULL, ip = NULL, user_agent = NULL, origin = NULL, referer = NULL
         WHERE lead_id = $1::uuid AND workspace_id = $2::uuid`,
        [leadId, workspaceId],
      ),
  },
  {
    // Events not yet turned into deliveries hold the lead as their change left it: they go, before the
    // channels' queues are cleared below (an expansion running now finishes first: its rows are then cleared).
    table: "events",
    run: (tx, { workspaceId, leadId }) =>
      count(tx, `DELETE FROM events WHERE lead_id = $1::uuid AND workspace_id = $2::uuid`, [leadId, workspaceId]),
  },
  {
    // An attempt's logged answer may echo the body it was sent.
    table: "webhook_attempts",
    run: (tx, { workspaceId, leadId }) =>
      count(
        tx,
        `UPDATE webhook_attempts a SET response = NULL, error = NULL
         FROM webhook_messages m
         WHERE m.lead_id = $1::uuid AND m.workspace_id = $2::uuid AND a.message_id = m.id
           AND (a.response IS NOT NULL OR a.error IS NOT NULL)`,
        [leadId, workspaceId],
      ),
  },
  {
    // Delivered messages lose the body kept for replay; queued ones are not sent (marked failed, so that
    // the delivery log still shows they existed). lead.erased messages carry only the id and stay.
    table: "webhook_messages",
    run: (tx, { workspaceId, leadId }) =>
      count(
        tx,
        `UPDATE webhook_messages SET body = NULL, lead_snapshot = NULL,
           state = CASE WHEN state = 'pending' THEN 'failed' ELSE state END,
           lease_owner = NULL, lease_expires_at = NULL
         WHERE lead_id = $1::uuid AND workspace_id = $2::uuid AND event_type <> 'lead.erased'`,
        [leadId, workspaceId],
      ),
  },
  {
    // Notes are free text about the person (what they said on a call): they go with the person.
    table: "lead_notes",
    run: (tx, { workspaceId, leadId }) =>
      count(tx, `DELETE FROM lead_notes WHERE lead_id = $1::uuid AND workspace_id = $2::uuid`, [leadId, workspaceId]),
  },
  {
    // The history of status, owner and tags: tags are free text and may name the person.
    table: "lead_changes",
    run: (tx, { workspaceId, leadId }) =>
      count(tx, `DELETE FROM lead_changes WHERE lead_id = $1::uuid AND workspace_id = $2::uuid`, [leadId, workspaceId]),
  },
  {
    // New-lead emails hold ids, and while queued the lead as created (the text is written when sent): queued
    // ones are not sent and lose that snapshot, so no mail server receives the person's data after the
    // erasure; sent ones keep their anonymous row.
    table: "email_messages",
    run: (tx, { workspaceId, leadId }) =>
      count(
        tx,
        `UPDATE email_messages SET state = 'failed', last_error = 'the lead was erased', lead_snapshot = NULL, lease_owner = NULL, lease_expires_at = NULL
         WHERE lead_id = $1::uuid AND workspace_id = $2::uuid AND state = 'pending'`,
        [leadId, workspaceId],
      ),
  },
  {
    // WhatsApp messages hold the person's name and phone as template parameters from the moment they are
    // queued: every one about the lead goes, sent or not (a queued one is then never sent).
    table: "whatsapp_messages",
    run: (tx, { workspaceId, leadId }) =>
      count(tx, `DELETE FROM whatsapp_messages WHERE lead_id = $1::uuid AND workspace_id = $2::uuid`, [leadId, workspaceId]),
  },
  {
    // A Meta Lead Ads fetch that became this lead keeps the platform's ids (the leadgen_id, with which Meta
    // serves the person's answers to the page's token): it goes. Fetches never keep the fetched answers.
    table: "meta_lead_fetches",
    run: (tx, { workspaceId, leadId }) =>
      count(tx, `DELETE FROM meta_lead_fetches WHERE lead_id = $1::uuid AND workspace_id = $2::uuid`, [leadId, workspaceId]),
  },
  {
    // The workspace's tags are registered by first use (lib/leads/lead-tags.ts), so a tag only this lead
    // carried ("indicação da Ana Souza") would stay among the filter's and the tag inputs' suggestions after
    // the person is gone: it goes with them. A tag another lead carries stays. Before "leads", which empties
    // this lead's tags; the other leads' are read through the workflow index (tag tokens, lower-cased keys).
    table: "lead_tags",
    run: (tx, { workspaceId, leadId }) =>
      count(
        tx,
        `DELETE FROM lead_tags t USING leads e
         WHERE e.id = $1::uuid AND e.workspace_id = $2::uuid AND t.workspace_id = $2::uuid
           AND t.key IN (SELECT lower(tag) FROM unnest(e.tags) AS tag)
           AND NOT EXISTS (
             SELECT 1 FROM leads o
             WHERE o.workspace_id = $2::uuid AND o.id <> $1::uuid
               AND (o.status <> 'new' OR o.owner_id IS NOT NULL OR o.tags <> '{}')
               AND leads_workflow_facets(o.status, o.owner_id, o.tags) @> ARRAY['tag:' || t.key])`,
        [leadId, workspaceId],
      ),
  },
  {
    // Last: the row stays (the submissions' link to it, the request counts) with none of the person's data.
    // The search text is a generated column of these fields, so it empties with them. Tags go like notes
    // (words about the person), which also keeps erased leads out of the tagged leads' indexes
    // (lib/leads/lead-filter.ts, leadScopeCondition).
    table: "leads",
    run: (tx, { workspaceId, leadId }) =>
      count(
        tx,
        `UPDATE leads SET email = NULL, phone = NULL, name = NULL, document = NULL, profession = NULL, city = NULL,
           state = NULL, instagram = NULL, birthday = NULL, address = '{}'::jsonb, custom_fields = '{}'::jsonb, tags = '{}',
           erased_at = now(), updated_at = now()
         WHERE id = $1::uuid AND workspace_id = $2::uuid`,
        [leadId, workspaceId],
      ),
  },
];
