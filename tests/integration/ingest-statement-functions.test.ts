// DESIGN.md section 17: through a transaction pooler nothing is prepared by name, so ingest calls its statement's
// PL/pgSQL function instead (lib/ingest/upsert-functions.ts), planned once per server connection. The functions
// are created by a migration written from the statement the code builds: these tests fail when the two differ,
// and show that each variant's function stores exactly what its statement stores, on both databases (the
// embedded engine runs the functions too). tests/integration/db-pgbouncer.test.ts and the ingest test files run
// with TEST_DATABASE_POOLER=transaction cover the same path through a real PgBouncer.
import { describe, expect, it } from "vitest";
import { statement } from "@/lib/db/client";
import { upsertFunctions, upsertVariants } from "@/lib/ingest/upsert-functions";
import { type LeadWrite, storeStatement, upsertLead } from "@/lib/ingest/upsert-lead";
import { useTestDatabase } from "../support/database";
import { setupLink, uniqueEmail, uniquePhone } from "../support/ingest-helpers";

const db = useTestDatabase();

describe("ingest's statement functions", () => {
  it("are in the database exactly as the code builds the statement, one per variant", async () => {
    const functions = upsertFunctions();
    expect(functions.map((fn) => fn.name)).toHaveLength(8);
    for (const fn of functions) {
      const rows = await db.current.sql<{ prosrc: string }>(
        statement("SELECT prosrc FROM pg_proc WHERE proname = $1", [fn.name]),
      );
      expect(
        rows.map((row) => row.prosrc),
        `${fn.name} differs from the statement lib/ingest/upsert-lead.ts builds: write a migration with ` +
          "`npx tsx scripts/upsert-functions-migration.ts <timestamp>_<name>`",
      ).toEqual([fn.body]);
    }
  });

  it("are called only through a transaction pooler, with every value as one text array", () => {
    const [write] = upsertVariants();
    const direct = storeStatement({ transactionPooler: false }, write!);
    expect(direct.text).toMatch(/^\s*\/\* leadlink:upsert-lead \*\//);
    const pooled = storeStatement({ transactionPooler: true }, write!);
    expect(pooled.text).toBe("SELECT lead_id, created, warnings FROM leadlink_upsert_lead($1::text[])");
    expect(pooled.values).toEqual([direct.values.map((value) => (value === null ? null : String(value)))]);
  });

  it("store what their statements store: created, then updated with warnings, events and consent", async () => {
    const { workspace, link } = await setupLink(db.current);
    const leadOf = (id: string) =>
      db.current.prisma.lead.findUniqueOrThrow({
        where: { id },
        select: {
          name: true,
          city: true,
          birthday: true,
          address: true,
          customFields: true,
          firstUtmSource: true,
          lastUtmSource: true,
          ownerId: true,
        },
      });
    const counts = async (leadId: string) => ({
      submissions: await db.current.prisma.submission.count({ where: { leadId } }),
      events: (
        await db.current.sql<{ type: string }>(
          statement("SELECT type FROM events WHERE lead_id = $1::uuid ORDER BY created_at, type", [leadId]),
        )
      ).map((event) => event.type),
      consents: await db.current.prisma.consentRecord.findMany({ where: { leadId }, select: { granted: true, purposes: true } }),
    });
    for (const variant of upsertVariants()) {
      const outcomes = [];
      for (const transactionPooler of [false, true]) {
        const database = { sql: db.current.sql.bind(db.current), transactionPooler };
        const email = uniqueEmail("fn");
        const write = (name: string, telephone: string, utmSource: string | undefined): LeadWrite => ({
          ...variant,
          workspaceId: workspace.id,
          captureLinkId: link.id,
          newLeadId: crypto.randomUUID(),
          submissionId: crypto.randomUUID(),
          input: {
            ...variant.input,
            email,
            telephone,
            name,
            city: "Recife",
            birthday: "1990-04-01",
            address: { street: "Rua A" },
            utmSource,
            ...(variant.input.consent
              ? { consent: { granted: true, legalBasis: "consent", purposes: ["marketing", 'it\'s "quoted", {braced}'] } }
              : {}),
          } as LeadWrite["input"],
          customValues: { plan: "gold" },
          record: {
            ...variant.record,
            payload: '{"a":1}',
            ip: "203.0.113.9",
            idempotencyKey: crypto.randomUUID(),
            requestHash: "h",
          },
        });
        const created = await upsertLead(database, write("First", uniquePhone(), "google"));
        const updated = await upsertLead(database, write("Second", uniquePhone(), undefined));
        expect(created.kind).toBe("stored");
        expect(updated.kind).toBe("stored");
        if (created.kind !== "stored" || updated.kind !== "stored") return;
        expect(updated.leadId).toBe(created.leadId);
        outcomes.push({
          created: [created.created, created.warnings],
          updated: [updated.created, updated.warnings],
          lead: await leadOf(created.leadId),
          rows: await counts(created.leadId),
        });
      }
      const [byStatement, byFunction] = outcomes;
      expect(
        byFunction,
        JSON.stringify({ announce: variant.announce, consent: !!variant.input.consent, assign: variant.assign }),
      ).toEqual(byStatement);
      expect(byStatement!.updated[1]).toEqual([
        expect.objectContaining({ code: "identity_kept", field: "telephone" }),
        expect.objectContaining({ code: "custom_fields_not_updated" }),
      ]);
      expect(byStatement!.rows.submissions).toBe(2);
      if (variant.announce) expect(byStatement!.rows.events).toEqual(["lead.created", "lead.updated"]);
      if (variant.input.consent) expect(byStatement!.rows.consents).toHaveLength(2);
    }
  });
});
