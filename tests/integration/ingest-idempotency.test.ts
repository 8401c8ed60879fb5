// DESIGN.md §3 "Request handling", Idempotency-Key: a repeat with the same key on the same link within 24 h
// returns the first response and records nothing new; the same key with another body is 422 idempotency_key_reused.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { createLink } from "../support/fixtures";
import {
  expectProblem,
  leadCount,
  linkCounters,
  postText,
  setupLink,
  submissionsOf,
  uniqueEmail,
} from "../support/ingest-helpers";

const db = useTestDatabase();

async function send(token: string, body: string, key?: string) {
  const response = await postText(token, body, key === undefined ? {} : { "idempotency-key": key });
  return { status: response.status, text: await response.clone().text(), response };
}

async function snapshot(workspaceId: string, linkId: string) {
  return {
    leads: await leadCount(db.current, workspaceId),
    submissions: (await submissionsOf(db.current, linkId)).length,
    counters: await linkCounters(db.current, linkId),
  };
}

describe("a repeat with the same key", () => {
  it("answers a created lead's retry with the same 201 and body, and records nothing new", async () => {
    const { token, link, workspace } = await setupLink(db.current);
    const body = JSON.stringify({ name: "Ana", email: uniqueEmail(), surname: "unknown key" });
    const first = await send(token, body, "order-1");
    expect(first.status).toBe(201);
    const before = await snapshot(workspace.id, link.id);
    expect(before).toEqual({ leads: 1, submissions: 1, counters: { accepted: 1, rejected: 0 } });

    for (let i = 0; i < 3; i++) {
      const again = await send(token, body, "order-1");
      expect(again.status).toBe(201);
      expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text));
    }
    expect(await snapshot(workspace.id, link.id)).toEqual(before);
  });

  it("answers an update's retry with the same 200 and body", async () => {
    const { token, link, workspace } = await setupLink(db.current);
    const email = uniqueEmail();
    await send(token, JSON.stringify({ email, name: "First" }));
    const body = JSON.stringify({ email, name: "Second" });
    const first = await send(token, body, "update-1");
    expect(first.status).toBe(200);
    const before = await snapshot(workspace.id, link.id);
    const again = await send(token, body, "update-1");
    expect(again.status).toBe(200);
    expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text));
    expect(await snapshot(workspace.id, link.id)).toEqual(before);
  });

  it("returns the first response even after the lead changed meanwhile, and does not reapply the body", async () => {
    const { token, workspace } = await setupLink(db.current);
    const email = uniqueEmail();
    const body = JSON.stringify({ email, name: "Original" });
    const first = await send(token, body, "k-changed");
    await send(token, JSON.stringify({ email, name: "Changed later" }));
    const again = await send(token, body, "k-changed");
    expect(again.status).toBe(first.status);
    expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text));
    const lead = await db.current.prisma.lead.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect(lead.name).toBe("Changed later");
  });

  it("treats a key older than 24 hours as new", async () => {
    const { token, link, workspace } = await setupLink(db.current);
    const email = uniqueEmail();
    const body = JSON.stringify({ email, name: "Old" });
    expect((await send(token, body, "old-key")).status).toBe(201);
    await db.current.prisma.idempotencyKey.updateMany({
      where: { captureLinkId: link.id },
      data: { createdAt: new Date(Date.now() - 25 * 3600 * 1000) },
    });
    const again = await send(token, body, "old-key");
    expect(again.status).toBe(200); // processed again: the lead exists now, so it is an update
    expect((await submissionsOf(db.current, link.id)).length).toBe(2);
    expect(await leadCount(db.current, workspace.id)).toBe(1);
  });
});

describe("the same key with a different body", () => {
  it("answers 422 idempotency_key_reused and changes nothing of the lead", async () => {
    const { token, link, workspace } = await setupLink(db.current);
    const email = uniqueEmail();
    expect((await send(token, JSON.stringify({ email, name: "Ana" }), "k1")).status).toBe(201);
    const { response } = await send(token, JSON.stringify({ email, name: "Someone else" }), "k1");
    await expectProblem(response, 422, "idempotency_key_reused");
    const lead = await db.current.prisma.lead.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect(lead.name).toBe("Ana");
    expect(await leadCount(db.current, workspace.id)).toBe(1);
    const submissions = await submissionsOf(db.current, link.id);
    expect(submissions.map((s) => [s.outcome, s.status, s.errorCode])).toEqual([
      ["created", 201, null],
      ["rejected", 422, "idempotency_key_reused"],
    ]);
    expect(submissions[1]!.idempotencyKey).toBe("k1");
  });

  it("answers 422 idempotency_key_reused for a new person too (no lead created)", async () => {
    const { token, workspace } = await setupLink(db.current);
    await send(token, JSON.stringify({ email: uniqueEmail() }), "k2");
    const { response } = await send(token, JSON.stringify({ email: uniqueEmail() }), "k2");
    await expectProblem(response, 422, "idempotency_key_reused");
    expect(await leadCount(db.current, workspace.id)).toBe(1);
  });
});

describe("key scope and limits", () => {
  it("keeps keys of different links independent", async () => {
    const { token, workspace } = await setupLink(db.current);
    const other = await createLink(db.current, workspace.id);
    const first = await send(token, JSON.stringify({ email: uniqueEmail() }), "shared-key");
    const second = await send(other.token, JSON.stringify({ email: uniqueEmail() }), "shared-key");
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(JSON.parse(second.text).leadId).not.toBe(JSON.parse(first.text).leadId);
    expect(await leadCount(db.current, workspace.id)).toBe(2);
  });

  it("accepts a key of exactly 255 characters", async () => {
    const { token } = await setupLink(db.current);
    const key = "k".repeat(255);
    const body = JSON.stringify({ email: uniqueEmail() });
    const first = await send(token, body, key);
    expect(first.status).toBe(201);
    const again = await send(token, body, key);
    expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text));
  });

  it("rejects a key longer than 255 characters with a 4xx problem, writing no lead", async () => {
    const { token, link, workspace } = await setupLink(db.current);
    const { response } = await send(token, JSON.stringify({ email: uniqueEmail() }), "k".repeat(256));
    expect([400, 422]).toContain(response.status);
    const problem = await expectProblem(response, response.status, response.status === 422 ? "validation_failed" : "bad_request");
    expect(JSON.stringify(problem)).toMatch(/idempotency/i);
    expect(await leadCount(db.current, workspace.id)).toBe(0);
    expect(await submissionsOf(db.current, link.id)).toMatchObject([{ outcome: "rejected", status: response.status }]);
  });

  it.each([
    ["a 422", JSON.stringify({ email: "not an email" })],
    ["a 400", "{ broken"],
  ])("does not consume the key of %s rejection", async (_name, rejected) => {
    const { token, workspace } = await setupLink(db.current);
    const refused = await send(token, rejected, "retry-me");
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const fixed = await send(token, JSON.stringify({ email: uniqueEmail() }), "retry-me");
    expect(fixed.status).toBe(201);
    expect(await leadCount(db.current, workspace.id)).toBe(1);
  });

  it("does not consume the key of a request refused for its origin", async () => {
    const { token } = await setupLink(db.current, { allowedOrigins: ["https://shop.example.com"] });
    const body = JSON.stringify({ email: uniqueEmail() });
    const refused = await postText(token, body, { "idempotency-key": "origin-key", origin: "https://evil.example.net" });
    expect(refused.status).toBe(403);
    const fixed = await postText(token, body, { "idempotency-key": "origin-key", origin: "https://shop.example.com" });
    expect(fixed.status).toBe(201);
  });
});
