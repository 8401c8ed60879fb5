import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { getDatabase, type SqlExecutor, statement } from "@/lib/db/client";
import { writeEvents } from "@/lib/events/write-events";
import { leadIdOrNotFound, leadNotFound } from "@/lib/leads/get-lead";
import { normalisePhone } from "@/lib/normalise/phone";
import { wakeOutbox } from "@/lib/outbox/wake";
import { ERASURE_STEPS, type ErasureContext } from "./erasure-steps";
import type { PersonKeys } from "./find-rejected-submissions";

export interface ErasedLead {
  leadId: string;
  erasedAt: string;
  /** False when the lead had been erased before: nothing changed, no event was sent again. */
  erased: boolean;
  /** Rows changed per table. */
  changed: Record<string, number>;
}

interface LockedLead {
  email: string | null;
  phone: string | null;
  document: string | null;
  erased_at: Date | null;
}

const IDENTIFYING_KEYS = ["email", "telephone", "document"] as const;

/** The email, telephone and document a request body carried, whether it was JSON or a form post. */
function sentIdentifiers(payload: string): Partial<Record<(typeof IDENTIFYING_KEYS)[number], string>> {
  let body: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed === "object" && parsed !== null) body = parsed as Record<string, unknown>;
  } catch {
    body = Object.fromEntries(new URLSearchParams(payload));
  }
  return Object.fromEntries(
    IDENTIFYING_KEYS.flatMap((key) => {
      const value = body?.[key];
      return typeof value === "string" || typeof value === "number" ? [[key, String(value)]] : [];
    }),
  );
}

/**
 * What names the person in request bodies, referers and origins: the stored email, phone and document,
 * and what they actually sent in those fields (another spelling of an email, a phone as they typed it),
 * read as ingest reads them, so that a rejected request is found whichever spelling it used.
 */
async function personKeysOf(tx: SqlExecutor, workspaceId: string, leadId: string, lead: LockedLead): Promise<PersonKeys> {
  const submissions = await tx.sql<{ payload: string }>(
    statement(`SELECT payload FROM submissions WHERE lead_id = $1::uuid AND workspace_id = $2::uuid AND payload IS NOT NULL`, [
      leadId,
      workspaceId,
    ]),
  );
  const [workspace] = await tx.sql<{ country: string }>(
    statement(`SELECT country FROM workspaces WHERE id = $1::uuid`, [workspaceId]),
  );
  const country = workspace?.country ?? "BR";
  const sent = submissions.map((row) => sentIdentifiers(row.payload));
  const texts = [lead.email, lead.phone, lead.document, ...sent.flatMap((values) => Object.values(values))]
    .filter((value): value is string => typeof value === "string")
    .map((value) => value.trim().toLowerCase())
    // Short strings would match unrelated bodies; an email, phone or document is never this short.
    .filter((value) => value.length >= 6);
  const phones = [lead.phone, ...sent.map(({ telephone }) => telephone && normalisePhone(telephone, country))].flatMap((phone) =>
    typeof phone === "string" ? [phone] : phone?.ok && phone.value ? [phone.value] : [],
  );
  const documentDigits = [lead.document, ...sent.map(({ document }) => document?.replace(/[./-]/g, ""))].filter(
    (document): document is string => typeof document === "string" && /^\d{11,14}$/.test(document),
  );
  return { texts: [...new Set(texts)], phones: [...new Set(phones)], documentDigits: [...new Set(documentDigits)], country };
}

/**
 * Erases a lead (DESIGN.md section 9): the person's data goes from every table that holds it
 * (ERASURE_STEPS), in one transaction with the `lead.erased` outbox rows and the audit entry. The lead's
 * row and its submissions stay, anonymous, so counts and charts are unchanged. Another workspace's id, or
 * an unknown one, is AppError `lead_not_found`. Erasing an erased lead changes nothing and succeeds.
 */
export async function eraseLead({
  workspaceId,
  leadId,
  actor,
}: {
  workspaceId: string;
  leadId: string;
  actor: AuditActor;
}): Promise<ErasedLead> {
  const id = leadIdOrNotFound(leadId);
  const database = await getDatabase();
  const result = await database.transaction(async (tx) => {
    const [lead] = await tx.sql<LockedLead>(
      statement(
        `SELECT email, phone, document, erased_at FROM leads WHERE id = $1::uuid AND workspace_id = $2::uuid FOR UPDATE`,
        [id, workspaceId],
      ),
    );
    if (!lead) throw leadNotFound(leadId);
    if (lead.erased_at) return { leadId: id, erasedAt: new Date(lead.erased_at).toISOString(), erased: false, changed: {} };

    const context: ErasureContext = {
      workspaceId,
      leadId: id,
      person: await personKeysOf(tx, workspaceId, id, lead),
    };
    const changed: Record<string, number> = {};
    for (const step of ERASURE_STEPS) changed[step.table] = await step.run(tx, context);

    // The lead.erased event (after the steps, which delete the lead's other events); its channels' rule says
    // who hears of it (lib/channels).
    await writeEvents(tx, [{ workspaceId, type: "lead.erased", leadId: id }]);
    const [erased] = await tx.sql<{ erased_at: Date }>(statement(`SELECT erased_at FROM leads WHERE id = $1::uuid`, [id]));
    await recordAudit(actor, { workspaceId, action: "lead.erased", targetType: "lead", targetId: id, details: {} }, tx);
    return {
      leadId: id,
      erasedAt: new Date(erased?.erased_at ?? Date.now()).toISOString(),
      erased: true,
      changed,
    };
  });
  if (result.erased) wakeOutbox();
  const { leadId: erasedId, erasedAt, erased, changed } = result;
  return { leadId: erasedId, erasedAt, erased, changed };
}
