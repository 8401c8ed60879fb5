// Group commit (lib/ingest/group-commit.ts): concurrent requests whose lead writes queue behind earlier
// ones go to the database together, one transaction per batch. Driven through the real route handler
// under real concurrency, on both databases; every answer and every stored row is checked, and the
// batches are watched (not replaced) to make sure the batched path is the one that ran.
import { afterEach, describe, expect, it, vi } from "vitest";
import { statement } from "@/lib/db/client";
import { resetEnv } from "@/lib/env";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
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

withoutRateLimit();

afterEach(() => {
  vi.restoreAllMocks();
});

interface Sent {
  body: string;
  headers: Record<string, string>;
  /** Who the request is about: every request for one person must get that person's lead. */
  person: string;
  key?: string;
}

interface Answer {
  status: number;
  json: { leadId: string; created: boolean; warnings: unknown[] };
  replayed: boolean;
}

async function fire(token: string, sent: Sent[]): Promise<Answer[]> {
  return Promise.all(
    sent.map(async ({ body, headers }) => {
      const response = await postText(token, body, headers);
      const text = await response.text();
      expect(response.status, text).toBeLessThan(300);
      return {
        status: response.status,
        json: JSON.parse(text),
        replayed: response.headers.get("idempotent-replayed") === "true",
      };
    }),
  );
}

/** Records the size of every batch the database is sent, and passes it on unchanged. */
function watchBatches(): number[] {
  const sizes: number[] = [];
  const database = db.current;
  const original = database.transactionBatch.bind(database);
  vi.spyOn(database, "transactionBatch").mockImplementation((statements) => {
    sizes.push(statements.length);
    return original(statements);
  });
  return sizes;
}

/**
 * 200 requests at once: 40 people known by email (3 requests each, the address in two spellings), 20 by
 * phone (2 each, in two formats), 10 Idempotency-Keys sent 3 times each with the same body, and 20 new
 * leads with both an email and a phone.
 */
function mixedRequests(): Sent[] {
  const sent: Sent[] = [];
  for (let person = 0; person < 40; person++) {
    const email = uniqueEmail(`group${person}`);
    for (let copy = 0; copy < 3; copy++) {
      const body = JSON.stringify({ email: copy === 1 ? email.toUpperCase() : email, name: `E${person}`, utmSource: "ads" });
      sent.push({ body, headers: {}, person: `email ${person}` });
    }
  }
  for (let person = 0; person < 20; person++) {
    const national = uniquePhone();
    for (const telephone of [national, `+55 (${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`]) {
      sent.push({ body: JSON.stringify({ telephone, name: `P${person}` }), headers: {}, person: `phone ${person}` });
    }
  }
  for (let key = 0; key < 10; key++) {
    const body = JSON.stringify({ email: uniqueEmail(`key${key}`), name: `K${key}` });
    for (let copy = 0; copy < 3; copy++) {
      sent.push({ body, headers: { "idempotency-key": `order-${key}` }, person: `key ${key}`, key: `order-${key}` });
    }
  }
  for (let person = 0; person < 20; person++) {
    const body = JSON.stringify({ email: uniqueEmail(`both${person}`), telephone: uniquePhone(), name: `B${person}` });
    sent.push({ body, headers: {}, person: `both ${person}` });
  }
  return sent.sort(() => Math.random() - 0.5);
}

async function checkMixed(token: string, linkId: string, workspaceId: string, sent: Sent[], answers: Answer[]) {
  // One lead per person, each request answered with its person's lead, exactly one 201 per person.
  const byPerson = new Map<string, Answer[]>();
  answers.forEach((answer, index) => {
    const person = sent[index]!.person;
    byPerson.set(person, [...(byPerson.get(person) ?? []), answer]);
  });
  expect(byPerson.size).toBe(90);
  for (const [person, own] of byPerson) {
    expect(new Set(own.map((answer) => answer.json.leadId)).size, person).toBe(1);
    if (person.startsWith("key")) {
      // The same key and body: one stored request, the others its replays with the identical answer.
      expect(own.map((answer) => answer.status)).toEqual([201, 201, 201]);
      expect(own.filter((answer) => !answer.replayed).length, person).toBe(1);
      expect(new Set(own.map((answer) => JSON.stringify(answer.json))).size).toBe(1);
    } else {
      expect(own.filter((answer) => answer.status === 201).length, person).toBe(1);
      for (const answer of own) expect(answer.json.created).toBe(answer.status === 201);
      expect(own.some((answer) => answer.replayed)).toBe(false);
    }
  }
  expect(new Set([...byPerson.values()].map((own) => own[0]!.json.leadId)).size).toBe(90);

  // Stored: 90 leads; a submission, a counted acceptance and (for keys) a key for every request not replayed.
  const stored = sent.length - 20;
  expect(await leadCount(db.current, workspaceId)).toBe(90);
  const submissions = await submissionsOf(db.current, linkId);
  expect(submissions.length).toBe(stored);
  expect(await linkCounters(db.current, linkId)).toEqual({ accepted: stored, rejected: 0 });
  const keys = await db.current.sql<{ count: number }>(
    statement("SELECT count(*)::int AS count FROM idempotency_keys WHERE capture_link_id = $1::uuid", [linkId]),
  );
  expect(keys[0]!.count).toBe(10);
  // Every submission points at the lead its request was answered with.
  const answeredLeads = new Set(answers.map((answer) => answer.json.leadId));
  for (const submission of submissions) expect(answeredLeads.has(submission.leadId!)).toBe(true);
  // The first-touch UTM of the email people was written once, by their creating request.
  const utm = await db.current.prisma.lead.count({ where: { workspaceId, firstUtmSource: "ads" } });
  expect(utm).toBe(40);
  void token;
}

describe("group commit", () => {
  it("200 concurrent requests with shared emails, phones and Idempotency-Keys: every answer and row as if sent alone", async () => {
    const { token, link, workspace } = await setupLink(db.current);
    const batches = watchBatches();
    const sent = mixedRequests();
    const answers = await fire(token, sent);
    await checkMixed(token, link.id, workspace.id, sent, answers);
    // The batched path ran, with several leads per transaction.
    expect(batches.length).toBeGreaterThan(0);
    expect(Math.max(...batches)).toBeGreaterThan(1);
  });

  it("a batch the database refuses stores none of it, and each of its requests is then stored alone", async () => {
    const { token, link, workspace } = await setupLink(db.current);
    const database = db.current;
    const original = database.transactionBatch.bind(database);
    const refused: number[] = [];
    // The first batch gets a statement the database refuses (division by zero) among its own.
    vi.spyOn(database, "transactionBatch").mockImplementation((statements) => {
      if (refused.length > 0) return original(statements);
      refused.push(statements.length);
      const middle = Math.floor(statements.length / 2);
      return original([...statements.slice(0, middle), statement("SELECT 1 / 0"), ...statements.slice(middle)]);
    });
    const sent = mixedRequests();
    const answers = await fire(token, sent);
    expect(refused.length).toBe(1);
    expect(refused[0]).toBeGreaterThan(1);
    await checkMixed(token, link.id, workspace.id, sent, answers);
  });

  it("a workspace with a webhook endpoint gets one event per stored request, written in the batches", async () => {
    vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "1");
    resetEnv();
    try {
      const { token, link, workspace } = await setupLink(db.current);
      await createEndpoint(workspace.id, { url: "http://127.0.0.1:9/hook" });
      const batches = watchBatches();
      const sent = mixedRequests();
      const answers = await fire(token, sent);
      await checkMixed(token, link.id, workspace.id, sent, answers);
      expect(Math.max(...batches)).toBeGreaterThan(1);
      // No outbox runner here: the events stay as the batches wrote them, one per stored request.
      const messages = await db.current.sql<{ event_type: string; created: boolean }>(
        statement(
          `SELECT e.type AS event_type, s.outcome = 'created' AS created FROM events e
           JOIN submissions s ON s.id = e.submission_id AND s.lead_id = e.lead_id WHERE s.capture_link_id = $1::uuid`,
          [link.id],
        ),
      );
      expect(messages.length).toBe(sent.length - 20);
      for (const message of messages) expect(message.event_type).toBe(message.created ? "lead.created" : "lead.updated");
      expect(messages.filter((message) => message.created).length).toBe(90);
    } finally {
      vi.unstubAllEnvs();
      vi.stubEnv("INGEST_RATE_LIMIT", "off");
      resetEnv();
    }
  });

  it("INGEST_GROUP_COMMIT=off sends every write alone, with the same results", async () => {
    vi.stubEnv("INGEST_GROUP_COMMIT", "off");
    resetEnv();
    try {
      const { token, link, workspace } = await setupLink(db.current);
      const batches = watchBatches();
      const sent = mixedRequests();
      const answers = await fire(token, sent);
      await checkMixed(token, link.id, workspace.id, sent, answers);
      expect(batches).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
      vi.stubEnv("INGEST_RATE_LIMIT", "off");
      resetEnv();
    }
  });
});
