// DESIGN.md section 8, dry run: `Leadlink-Dry-Run: 1` validates and resolves as usual and says what would
// happen, but writes no lead, fires no webhook, binds no Idempotency-Key; the link's log marks it.
import { describe, expect, it } from "vitest";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { expectProblem, leadCount, postText, setupLink, uniqueEmail } from "../support/ingest-helpers";

const db = useTestDatabase();
const DRY = { "Leadlink-Dry-Run": "1" };

describe("dry run", () => {
  it("answers 201 with created and warnings for a new person, and writes no lead, message or key", async () => {
    const { workspace, link, token } = await setupLink(db.current);
    await createEndpoint(workspace.id, {
      url: "https://example.com/hooks/leads",
      events: ["lead.created", "lead.updated", "submission.rejected"],
    });
    const email = uniqueEmail();
    const dry = await post(token, { email, name: "Ana", coupon: "X1" }, { ...DRY, "Idempotency-Key": "k-1" });
    expect(dry.status).toBe(201);
    expect(dry.json).toEqual({
      leadId: null,
      created: true,
      warnings: [{ field: "coupon", code: "unknown_field", message: expect.any(String) }],
      dryRun: true,
    });
    expect(await leadCount(db.current, workspace.id)).toBe(0);
    expect(await db.current.prisma.domainEvent.count({ where: { workspaceId: workspace.id } })).toBe(0);
    expect(await db.current.prisma.webhookMessage.count({ where: { workspaceId: workspace.id } })).toBe(0);
    expect(await db.current.prisma.idempotencyKey.count({ where: { captureLinkId: link.id } })).toBe(0);
    const logged = await db.current.prisma.submission.findMany({ where: { captureLinkId: link.id } });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ dryRun: true, leadId: null, outcome: "created", status: 201 });

    // The key was not bound: the real request with the same key and another body is accepted.
    const real = await post(token, { email, name: "Ana Souza" }, { "Idempotency-Key": "k-1" });
    expect(real.status).toBe(201);
    expect(real.json!.dryRun).toBeUndefined();
    expect(await db.current.prisma.submission.count({ where: { captureLinkId: link.id, dryRun: false } })).toBe(1);
  });

  it("answers 200 with the lead that would be updated, which stays as it was", async () => {
    const { workspace, token } = await setupLink(db.current);
    const email = uniqueEmail();
    const created = await post(token, { email, name: "Bia", telephone: "11987650001", customFields: {} });
    const before = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: created.json!.leadId } });
    const dry = await post(token, { email: email.toUpperCase(), name: "Beatriz", telephone: "11987650002" }, DRY);
    expect(dry.status).toBe(200);
    expect(dry.json).toMatchObject({ leadId: before.id, created: false, dryRun: true });
    expect(dry.json!.warnings.map((warning: { code: string }) => warning.code)).toEqual(["identity_kept"]);
    const after = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: before.id } });
    expect(after).toEqual(before);
    expect(await leadCount(db.current, workspace.id)).toBe(1);
  });

  it("refuses invalid input exactly as a real request does, logged as a rejected dry run", async () => {
    const { link, token } = await setupLink(db.current);
    const problem = await expectProblem(
      await postText(token, JSON.stringify({ email: "nope", birthday: "3000-01-01" }), DRY),
      422,
      "validation_failed",
    );
    expect(problem.errors.map((issue: { field: string }) => issue.field).sort()).toEqual(["birthday", "email"]);
    const logged = await db.current.prisma.submission.findFirstOrThrow({ where: { captureLinkId: link.id } });
    expect(logged).toMatchObject({ dryRun: true, outcome: "rejected", errorCode: "validation_failed" });
    // Any other value of the header is an ordinary request.
    const real = await post(token, { email: uniqueEmail() }, { "Leadlink-Dry-Run": "0" });
    expect(real.status).toBe(201);
    expect(real.json!.dryRun).toBeUndefined();
  });
});
