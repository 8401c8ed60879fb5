import { assignedCtes, rotationCtes } from "@/lib/assignment/rotation-sql";
import type { Database } from "@/lib/db/client";
import type { SqlStatement } from "@/lib/db/database";
import { sqlState, uniqueViolation } from "@/lib/db/errors";
import { Prisma } from "@/lib/db/generated/client";
import { functionCall } from "@/lib/db/statement-functions";
import type { FieldIssue } from "@/lib/errors";
import type { FieldValue } from "@/lib/fields/coerce-field-value";
import type { LeadInput } from "@/lib/leads/lead-input";
import { leadSnapshotSql } from "@/lib/leads/lead-snapshot";
import type { SubmissionRecord } from "@/lib/leads/submission-record";
import { consentRecordInsert } from "@/lib/privacy/consent-records";

export interface LeadWrite {
  workspaceId: string;
  captureLinkId: string;
  /** The id the lead gets if it is new. */
  newLeadId: string;
  submissionId: string;
  input: LeadInput;
  customValues: Record<string, FieldValue>;
  warnings: FieldIssue[];
  record: SubmissionRecord;
  /** Which counter row of the link to bump (spreads concurrent requests over rows). */
  statsShard: number;
  /**
   * Some channel listens to this workspace (capture-context.ts): the statement then writes the lead's event
   * (DESIGN.md section 14) in the same statement, so a 2xx to the sender means the event exists. Without a
   * listener nothing would ever read it, and the statement runs without that part, under its own name.
   */
  announce?: boolean;
  /**
   * The link rotates its new leads among members (lib/assignment): a lead this write creates gets the next one,
   * with its history row and lead.assigned, in the same statement. Links without a rotation leave this out.
   */
  assign?: boolean;
}

export type UpsertResult =
  | { kind: "stored"; leadId: string; created: boolean; warnings: FieldIssue[] }
  | { kind: "link_revoked" }
  /** Another request with the same Idempotency-Key was stored first. */
  | { kind: "idempotency_conflict" };

const ATTEMPTS = 5;

/** Warnings read back from jsonb, which reorders object keys: restore the {field, code, message} order. */
export function readWarnings(stored: FieldIssue[] | string): FieldIssue[] {
  const warnings = typeof stored === "string" ? (JSON.parse(stored) as FieldIssue[]) : stored;
  return warnings.map(({ field, code, message }) => ({ field, code, message }));
}

function warningJson(field: string, code: string, message: string): string {
  return JSON.stringify([{ field, code, message }]);
}

export const PHONE_OF_ANOTHER_LEAD = warningJson(
  "telephone",
  "phone_matches_other_lead",
  "the email and the telephone match two different leads; the email's lead was updated and its telephone kept",
);
export const EMAIL_KEPT = warningJson(
  "email",
  "identity_kept",
  "the lead already has another email; it is kept (email is identity)",
);
export const PHONE_KEPT = warningJson(
  "telephone",
  "identity_kept",
  "the lead already has another telephone; it is kept (telephone is identity)",
);
export const CUSTOM_FIELDS_KEPT = warningJson(
  "customFields",
  "custom_fields_not_updated",
  "custom fields are written only when a lead is created; the existing lead's values were kept (the submission keeps what was sent)",
);

/**
 * Creates the lead or updates the one with the same email or phone, records the submission, counts it on
 * the link and binds the Idempotency-Key: one statement, so one round trip and nothing partial.
 *
 * Concurrent requests for the same new person both find no match and both insert; the unique indexes
 * on (workspace_id, email) and (workspace_id, phone) let only one through, and the statement of the
 * other fails as a whole and is retried, then finds the lead and updates it.
 */
export async function upsertLead(database: Pick<Database, "sql" | "transactionPooler">, write: LeadWrite): Promise<UpsertResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runUpsert(database, write);
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === "idempotency_keys_pkey") return { kind: "idempotency_conflict" };
      const retryable = constraint?.startsWith("leads_") || ["40P01", "40001"].includes(sqlState(error) ?? "");
      if (!retryable || attempt >= ATTEMPTS) throw error;
    }
  }
}

async function runUpsert(database: Pick<Database, "sql" | "transactionPooler">, write: LeadWrite): Promise<UpsertResult> {
  return readUpsertRows(await database.sql<UpsertRow>(storeStatement(database, write)));
}

/** What the upsert statement answers: one row. */
export interface UpsertRow {
  lead_id: string | null;
  created: boolean;
  warnings: FieldIssue[] | string;
}

/** The statement's answer as an UpsertResult (no lead id: the link was revoked meanwhile). */
export function readUpsertRows(rows: readonly UpsertRow[]): UpsertResult {
  const row = rows[0];
  if (!row?.lead_id) return { kind: "link_revoked" };
  return { kind: "stored", leadId: row.lead_id, created: row.created, warnings: readWarnings(row.warnings) };
}

/**
 * The statement's text by its name. The name says which optional parts the statement has (the database
 * already relies on that: it prepares the statement once per connection under that name), so the text is
 * the same for every write of one name: it is joined once, not on every request (a ~7 KB string, and the
 * driver then compares it with the prepared one: the same string object makes that a pointer comparison).
 */
const textByName = new Map<string, string>();

/** The statement's name (which optional parts it has): `upsert-lead`, `upsert-lead-event-consent`, … */
export function upsertStatementName(write: Pick<LeadWrite, "announce" | "assign" | "input">): string {
  return `upsert-lead${write.announce ? "-event" : ""}${write.input.consent ? "-consent" : ""}${write.assign ? "-assign" : ""}`;
}

/** The database function made from the statement of this name (upsert-functions.ts): `leadlink_upsert_lead_event`. */
export function upsertFunctionName(write: Pick<LeadWrite, "announce" | "assign" | "input">): string {
  return `leadlink_${upsertStatementName(write).replaceAll("-", "_")}`;
}

/**
 * What stores `write` on `database`: the statement, prepared once per connection, or, through a transaction
 * pooler (where nothing is prepared by name), the call of its function, the same text planned once per server
 * connection (upsert-functions.ts).
 */
export function storeStatement(database: Pick<Database, "transactionPooler">, write: LeadWrite): SqlStatement {
  const statement = upsertStatement(write);
  return database.transactionPooler
    ? functionCall(upsertFunctionName(write), statement, "lead_id, created, warnings")
    : statement;
}

/** The one statement that stores a lead write (see upsertLead); group-commit.ts sends several in one transaction. */
export function upsertStatement(write: LeadWrite): SqlStatement {
  const { input, record } = write;
  const email = input.email ?? null;
  const phone = input.telephone ?? null;
  const utmSource = input.utmSource ?? null;
  const utmMedium = input.utmMedium ?? null;
  const utmCampaign = input.utmCampaign ?? null;
  const utmContent = input.utmContent ?? null;
  const utmTerm = input.utmTerm ?? null;
  const hasUtm = [utmSource, utmMedium, utmCampaign, utmContent, utmTerm].some((value) => value !== null);
  // A source's own first touch (RD Station's first conversion), else the body's: parameters either way, so the
  // statement's text, prepared once per connection, is the same.
  const first = record.firstTouch;
  const firstSource = first ? (first.utmSource ?? null) : utmSource;
  const firstMedium = first ? (first.utmMedium ?? null) : utmMedium;
  const firstCampaign = first ? (first.utmCampaign ?? null) : utmCampaign;
  const firstContent = first ? (first.utmContent ?? null) : utmContent;
  const firstTerm = first ? (first.utmTerm ?? null) : utmTerm;
  const hasFirstUtm = first ? true : hasUtm;
  const address = JSON.stringify(input.address ?? {});
  const hasCustom = Object.keys(write.customValues).length > 0;

  const firstTouch = (column: string, value: string | null) =>
    Prisma.sql`${Prisma.raw(column)} = CASE WHEN ${hasFirstUtm}::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN ${value}::text ELSE l.${Prisma.raw(column)} END`;
  const lastTouch = (column: string, value: string | null) =>
    Prisma.sql`${Prisma.raw(column)} = CASE WHEN ${hasUtm}::boolean THEN ${value}::text ELSE l.${Prisma.raw(column)} END`;

  // The event (lead.created or lead.updated) with the lead as this write leaves it (lead-snapshot.ts): the two
  // CTEs that write the lead return it, the only place this statement sees the row after the change. Which
  // channel tells whom is the channels' business (lib/channels, expanded by lib/outbox/expand-events.ts).
  const snapshot = write.announce || write.assign ? Prisma.raw(`, ${leadSnapshotSql("l")} AS snapshot`) : Prisma.empty;
  const event = write.announce
    ? Prisma.sql`,
    event AS (
      INSERT INTO events (id, workspace_id, type, lead_id, submission_id, capture_link_id, data)
      SELECT gen_random_uuid(), ${write.workspaceId}::uuid, CASE WHEN o.created THEN 'lead.created' ELSE 'lead.updated' END,
        o.lead_id, ${write.submissionId}::uuid, ${write.captureLinkId}::uuid,
        jsonb_build_object('lead', COALESCE((SELECT snapshot FROM updated), (SELECT snapshot FROM inserted)))
      FROM outcome o
      WHERE o.lead_id IS NOT NULL
    )`
    : Prisma.empty;
  // A request with a consent object appends its consent record in the same statement (DESIGN.md section 9).
  const consent = consentRecordInsert(input.consent, write, record);
  // A link with a rotation (lib/assignment/rotation-sql.ts): the new lead's owner is the next member's.
  const creates = Prisma.sql`NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link)`;
  const rotation = write.assign ? rotationCtes(write.captureLinkId, creates) : Prisma.empty;
  const ownerColumn = write.assign ? Prisma.sql`, owner_id` : Prisma.empty;
  const ownerValue = write.assign ? Prisma.sql`, (SELECT user_id FROM assignee)` : Prisma.empty;
  const assigned = write.assign ? assignedCtes(write.workspaceId, write.captureLinkId) : Prisma.empty;
  const nameComment = `/* leadlink:${upsertStatementName(write)} */`;
  const name = Prisma.raw(nameComment);

  // Built with Prisma's SQL template (values stay parameters), run on the driver directly.
  const sql = Prisma.sql`
    ${name}
    WITH
    link AS (
      SELECT id FROM capture_links WHERE id = ${write.captureLinkId}::uuid AND status = 'active'
    ),
    match AS (
      -- The email's lead wins over the phone's when they are two different leads: COALESCE takes it
      -- first. Two probes, each by all the columns of a unique index, then the row by id: no bitmap OR and
      -- no sort (EXPLAIN ANALYZE 0.094 -> 0.041 ms). The plan is prepared once per connection, so it needs
      -- statistics: see lib/db/embedded-maintenance.ts for the embedded database, which has no autovacuum.
      SELECT l.id, l.email AS old_email, l.phone AS old_phone, (l.email = ${email}::text) IS TRUE AS by_email
      FROM leads l
      WHERE l.id = COALESCE(
        (SELECT e.id FROM leads e WHERE e.workspace_id = ${write.workspaceId}::uuid AND e.email = ${email}::text),
        (SELECT p.id FROM leads p WHERE p.workspace_id = ${write.workspaceId}::uuid AND p.phone = ${phone}::text)
      )
      FOR UPDATE
    ),
    phone_owner AS (
      SELECT l.id FROM leads l WHERE l.workspace_id = ${write.workspaceId}::uuid AND l.phone = ${phone}::text
    ),${rotation}
    updated AS (
      UPDATE leads l SET
        name = COALESCE(${input.name ?? null}::text, l.name),
        document = COALESCE(${input.document ?? null}::text, l.document),
        profession = COALESCE(${input.profession ?? null}::text, l.profession),
        city = COALESCE(${input.city ?? null}::text, l.city),
        state = COALESCE(${input.state ?? null}::text, l.state),
        instagram = COALESCE(${input.instagram ?? null}::text, l.instagram),
        birthday = COALESCE(${input.birthday ?? null}::date, l.birthday),
        address = l.address || ${address}::jsonb,
        email = COALESCE(l.email, ${email}::text),
        phone = COALESCE(l.phone, CASE WHEN NOT EXISTS (SELECT 1 FROM phone_owner) THEN ${phone}::text END),
        ${firstTouch("first_utm_source", firstSource)}, ${firstTouch("first_utm_medium", firstMedium)},
        ${firstTouch("first_utm_campaign", firstCampaign)}, ${firstTouch("first_utm_content", firstContent)},
        ${firstTouch("first_utm_term", firstTerm)},
        ${lastTouch("last_utm_source", utmSource)}, ${lastTouch("last_utm_medium", utmMedium)},
        ${lastTouch("last_utm_campaign", utmCampaign)}, ${lastTouch("last_utm_content", utmContent)},
        ${lastTouch("last_utm_term", utmTerm)},
        updated_at = now()
      FROM match m
      WHERE l.id = m.id AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id${snapshot}
    ),
    inserted AS (
      INSERT INTO leads AS l (id, workspace_id, capture_link_id, email, phone, name, document, profession, city, state,
        instagram, birthday, address, custom_fields,
        first_utm_source, first_utm_medium, first_utm_campaign, first_utm_content, first_utm_term,
        last_utm_source, last_utm_medium, last_utm_campaign, last_utm_content, last_utm_term${ownerColumn})
      SELECT ${write.newLeadId}::uuid, ${write.workspaceId}::uuid, ${write.captureLinkId}::uuid, ${email}::text, ${phone}::text,
        ${input.name ?? null}::text, ${input.document ?? null}::text, ${input.profession ?? null}::text, ${input.city ?? null}::text,
        ${input.state ?? null}::text, ${input.instagram ?? null}::text, ${input.birthday ?? null}::date, ${address}::jsonb,
        ${JSON.stringify(write.customValues)}::jsonb,
        ${firstSource}::text, ${firstMedium}::text, ${firstCampaign}::text, ${firstContent}::text, ${firstTerm}::text,
        ${utmSource}::text, ${utmMedium}::text, ${utmCampaign}::text, ${utmContent}::text, ${utmTerm}::text${ownerValue}
      WHERE NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id${snapshot}
    ),
    outcome AS (
      SELECT
        COALESCE((SELECT id FROM updated), (SELECT id FROM inserted)) AS lead_id,
        EXISTS (SELECT 1 FROM inserted) AS created,
        ${JSON.stringify(write.warnings)}::jsonb
          || CASE WHEN EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN ${PHONE_OF_ANOTHER_LEAD}::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_email <> ${email}::text)
               THEN ${EMAIL_KEPT}::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_phone <> ${phone}::text)
                    AND NOT EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN ${PHONE_KEPT}::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND ${hasCustom}::boolean
               THEN ${CUSTOM_FIELDS_KEPT}::jsonb ELSE '[]'::jsonb END
          AS warnings
    ),
    submission AS (
      INSERT INTO submissions (id, workspace_id, capture_link_id, lead_id, outcome, status, warnings, payload,
        ip, user_agent, origin, referer, idempotency_key, utm_source, utm_medium, utm_campaign, utm_content, utm_term, source_data)
      SELECT ${write.submissionId}::uuid, ${write.workspaceId}::uuid, ${write.captureLinkId}::uuid, o.lead_id,
        (CASE WHEN o.created THEN 'created' ELSE 'updated' END)::submission_outcome,
        CASE WHEN o.created THEN 201 ELSE 200 END, o.warnings, ${record.payload}::text,
        ${record.ip}::text, ${record.userAgent}::text, ${record.origin}::text, ${record.referer}::text, ${record.idempotencyKey}::text,
        ${utmSource}::text, ${utmMedium}::text, ${utmCampaign}::text, ${utmContent}::text, ${utmTerm}::text,
        ${record.sourceData ?? null}::jsonb
      FROM outcome o WHERE o.lead_id IS NOT NULL
      RETURNING id
    ),
    stats AS (
      INSERT INTO capture_link_stats AS s (capture_link_id, shard, accepted, last_received_at)
      SELECT ${write.captureLinkId}::uuid, ${write.statsShard}::smallint, 1, now() FROM outcome WHERE lead_id IS NOT NULL
      ON CONFLICT (capture_link_id, shard)
      DO UPDATE SET accepted = s.accepted + 1, last_received_at = GREATEST(s.last_received_at, excluded.last_received_at)
    ),
    idempotency AS (
      INSERT INTO idempotency_keys (capture_link_id, key, request_hash, submission_id)
      SELECT ${write.captureLinkId}::uuid, ${record.idempotencyKey}::text, ${record.requestHash}::text, ${write.submissionId}::uuid
      FROM outcome WHERE lead_id IS NOT NULL AND ${record.idempotencyKey}::text IS NOT NULL
    )${event}${assigned}${consent}
    SELECT lead_id, created, warnings FROM outcome`;
  let text = textByName.get(nameComment);
  if (text === undefined) {
    text = sql.text;
    textByName.set(nameComment, text);
  }
  return { text, values: sql.values };
}
