import { functionBody, functionDefinition } from "@/lib/db/statement-functions";
import type { LeadInput } from "@/lib/leads/lead-input";
import { type LeadWrite, upsertFunctionName, upsertStatement } from "./upsert-lead";

/*
 * Ingest's statement as database functions, for a transaction pooler (DESIGN.md section 17): there Leadlink
 * prepares nothing by name, and parsing and planning the ~6 KB statement on every request cost as much as
 * running it (docs/benchmarks.md, "Through PgBouncer"). Each of the statement's variants (its name:
 * upsert-lead-event-consent, …) is a PL/pgSQL function, `leadlink_upsert_lead_event_consent(p text[])`, whose
 * body is the statement's text as upsertStatement builds it (lib/db/statement-functions.ts), planned once per
 * server connection; storeStatement (upsert-lead.ts) calls them. The functions are created by a migration written from this file
 * (`npx tsx scripts/upsert-functions-migration.ts <name>`); tests/integration/ingest-statement-functions.test.ts
 * fails when the migrated bodies differ from what this code builds, so the two cannot drift apart.
 */

/** What the statement answers (UpsertRow), as the functions' result. */
const RETURNS = "lead_id uuid, created boolean, warnings jsonb";

/** A write of each variant: the statement's text depends on these flags only (see upsertStatement). */
export function upsertVariants(): LeadWrite[] {
  const variants: LeadWrite[] = [];
  for (const announce of [false, true])
    for (const consent of [false, true])
      for (const assign of [false, true])
        variants.push({
          workspaceId: "00000000-0000-0000-0000-000000000000",
          captureLinkId: "00000000-0000-0000-0000-000000000000",
          newLeadId: "00000000-0000-0000-0000-000000000000",
          submissionId: "00000000-0000-0000-0000-000000000000",
          // Of the input, only whether it carries consent shapes the text.
          input: (consent ? { consent: { granted: true, legalBasis: "consent", purposes: [] } } : {}) as LeadInput,
          customValues: {},
          warnings: [],
          record: {
            payload: null,
            ip: null,
            userAgent: null,
            origin: null,
            referer: null,
            idempotencyKey: null,
            requestHash: null,
          },
          statsShard: 0,
          announce,
          assign,
        });
  return variants;
}

/** Each variant's function, by name, with the body (as PostgreSQL keeps it: pg_proc.prosrc) the code builds now. */
export function upsertFunctions(): { name: string; body: string; definition: string }[] {
  return upsertVariants().map((write) => {
    const { text } = upsertStatement(write);
    const name = upsertFunctionName(write);
    return { name, body: functionBody(text), definition: functionDefinition(name, text, RETURNS) };
  });
}
