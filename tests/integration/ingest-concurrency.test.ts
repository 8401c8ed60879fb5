// DESIGN.md §3 "Dedupe and updates": concurrent requests for the same person produce exactly one lead,
// tested under real concurrency (Promise.all through the real route handler), on both databases: the
// embedded engine takes many connections too (lib/db/embedded-engine-worker.mjs), and runs their
// statements in turn, so requests interleave there statement by statement as they would on PostgreSQL.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import {
  leadCount,
  linkCounters,
  postText,
  setupLink,
  submissionsOf,
  uniqueEmail,
  uniquePhone,
  withoutRateLimit,
} from "../support/ingest-helpers";

const db = useTestDatabase();

// These tests send hundreds of requests from one client to one link: the rate limit is not under test here.
withoutRateLimit();

interface Answer {
  status: number;
  text: string;
}

async function fire(token: string, bodies: string[], headers: Record<string, string> = {}): Promise<Answer[]> {
  return Promise.all(
    bodies.map(async (body) => {
      const response = await postText(token, body, headers);
      return { status: response.status, text: await response.text() };
    }),
  );
}

function statuses(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

const leadIds = (answers: Answer[]) => new Set(answers.map((answer) => JSON.parse(answer.text).leadId as string));

/** `copies` concurrent requests for one new email: one lead, one 201, the rest 200. */
async function sameNewEmail(copies: number) {
  const { token, link, workspace } = await setupLink(db.current);
  const email = uniqueEmail("race");
  const answers = await fire(
    token,
    Array.from({ length: copies }, (_, i) => JSON.stringify({ email, name: `Racer ${i}` })),
  );
  expect(statuses(answers), answers.find((answer) => answer.status >= 300)?.text).toEqual({ 201: 1, 200: copies - 1 });
  expect(leadIds(answers).size).toBe(1);
  expect(await leadCount(db.current, workspace.id)).toBe(1);
  expect((await submissionsOf(db.current, link.id)).length).toBe(copies);
  expect(await linkCounters(db.current, link.id)).toEqual({ accepted: copies, rejected: 0 });
}

/**
 * `identities` people, each sent `perIdentity` times concurrently, all shuffled together: half known by
 * email, half by a phone written in mixed formats. Exactly one lead per person, every request accepted.
 */
async function manyIdentities(identities: number, perIdentity: number) {
  const { token, link, workspace } = await setupLink(db.current);
  const bodies: { identity: number; body: string }[] = [];
  for (let identity = 0; identity < identities; identity++) {
    const email = uniqueEmail(`person${identity}`);
    const national = uniquePhone();
    const phoneForms = [
      national,
      `+55 (${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`,
      `55${national}`,
      Number(national),
      `${national.slice(0, 2)}.${national.slice(2, 7)}.${national.slice(7)}`,
    ];
    for (let copy = 0; copy < perIdentity; copy++) {
      const body =
        identity % 2 === 0
          ? { email: copy % 2 ? email.toUpperCase() : email, name: `P${identity}` }
          : { telephone: phoneForms[copy % phoneForms.length], name: `P${identity}` };
      bodies.push({ identity, body: JSON.stringify(body) });
    }
  }
  bodies.sort(() => Math.random() - 0.5);
  const answers = await fire(
    token,
    bodies.map((entry) => entry.body),
  );

  const failures = answers.filter((answer) => answer.status !== 200 && answer.status !== 201);
  expect(failures, failures[0]?.text).toEqual([]);
  expect(statuses(answers)[201]).toBe(identities);
  expect(await leadCount(db.current, workspace.id)).toBe(identities);
  expect((await submissionsOf(db.current, link.id)).length).toBe(identities * perIdentity);
  // Every request for one person got that person's lead.
  const byIdentity = new Map<number, Set<string>>();
  answers.forEach((answer, index) => {
    const identity = bodies[index]!.identity;
    byIdentity.set(identity, (byIdentity.get(identity) ?? new Set()).add(JSON.parse(answer.text).leadId));
  });
  for (const ids of byIdentity.values()) expect(ids.size).toBe(1);
  expect(new Set([...byIdentity.values()].map((ids) => [...ids][0])).size).toBe(identities);
}

/** The same Idempotency-Key and body sent `copies` times at once: one lead, one submission, identical answers. */
async function sameIdempotencyKey(copies: number) {
  const { token, link, workspace } = await setupLink(db.current);
  const body = JSON.stringify({ email: uniqueEmail("idem"), name: "Once" });
  const answers = await fire(
    token,
    Array.from({ length: copies }, () => body),
    { "idempotency-key": "checkout-42" },
  );
  expect(new Set(answers.map((answer) => answer.status)), answers[0]?.text).toEqual(new Set([201]));
  expect(new Set(answers.map((answer) => JSON.stringify(JSON.parse(answer.text)))).size).toBe(1);
  expect(await leadCount(db.current, workspace.id)).toBe(1);
  expect((await submissionsOf(db.current, link.id)).length).toBe(1);
  expect(await linkCounters(db.current, link.id)).toEqual({ accepted: 1, rejected: 0 });
}

describe("at full size", () => {
  it("50 concurrent requests for one new email give one lead and exactly one 201", () => sameNewEmail(50));

  it("200 concurrent requests over 20 identities give 20 leads and 200 submissions, none failing", () => manyIdentities(20, 10));

  it("one Idempotency-Key sent 20 times at once gives one lead and identical answers", () => sameIdempotencyKey(20));

  it("concurrent requests that match by email and by phone for one person give one lead", async () => {
    const { token, workspace } = await setupLink(db.current);
    const email = uniqueEmail("both");
    const national = uniquePhone();
    const bodies = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify(i % 3 === 0 ? { email } : i % 3 === 1 ? { telephone: national } : { email, telephone: `+55${national}` }),
    );
    const answers = await fire(token, bodies);
    expect(answers.filter((answer) => answer.status >= 300)).toEqual([]);
    // The email-only and phone-only requests may first create two leads; never more, and none fails.
    expect(await leadCount(db.current, workspace.id)).toBeLessThanOrEqual(2);
  });
});

describe("on any database (smaller)", () => {
  it("10 concurrent requests for one new email give one lead and exactly one 201", () => sameNewEmail(10));

  it("40 concurrent requests over 8 identities give 8 leads", () => manyIdentities(8, 5));

  it("one Idempotency-Key sent 5 times at once gives one lead and identical answers", () => sameIdempotencyKey(5));
});
