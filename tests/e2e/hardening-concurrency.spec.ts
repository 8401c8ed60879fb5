import { randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { type Answer, isSuccess, postLead, serverErrors, tally } from "./support/ingest";
import { countStored, seedLink, serversOnPostgres } from "./support/postgres";

// Hardening (issue 5, point 5): dedupe holds across processes. Two production servers on one PostgreSQL
// database take 400 requests at once for 40 people (10 each, alternating servers): a third identified by
// email, a third by phone (written in different formats), a third by both in every request. Exactly one
// lead per person, one submission record per request, and no server error.

const PEOPLE = 40;
const REQUESTS_PER_PERSON = 10;

const harness = serversOnPostgres();

// Each server takes 200 requests at once with its default pool (16 connections): the rest wait in the
// pool's queue (up to 4.5 s, lib/db/client.ts) rather than failing.
const start = (url: string) => harness.start({ DATABASE_URL: url, REDIS_URL: undefined });

type Identity = "email" | "phone" | "both";

interface Person {
  identity: Identity;
  email: string;
  /** National mobile digits; the canonical form adds the country code 55. */
  phone: string;
}

/** The same phone as people type it. */
function phoneVariant(phone: string, n: number): string {
  const [area, first, last] = [phone.slice(0, 2), phone.slice(2, 7), phone.slice(7)];
  return [`+55 (${area}) ${first}-${last}`, `${area} ${first} ${last}`, `55${phone}`, `(${area})${first}.${last}`, phone][n % 5]!;
}

/** The same email as people type it: case and surrounding spaces do not make another person. */
function emailVariant(email: string, n: number): string {
  return [email, email.toUpperCase(), ` ${email} `, email.replace(/^./, (c) => c.toUpperCase())][n % 4]!;
}

test("two servers, 400 concurrent requests for 40 people by email, phone or both: 40 leads, 400 submissions, no 5xx", async () => {
  test.setTimeout(300_000);
  const database = await harness.database();
  const pair = [await start(database.url), await start(database.url)];
  const link = await seedLink(database);

  const run = randomInt(1_000, 9_999);
  const identities: Identity[] = ["email", "phone", "both"];
  const people: Person[] = Array.from({ length: PEOPLE }, (_, i) => ({
    identity: identities[i % 3]!,
    email: `person-${run}-${i}@concurrency.example`,
    phone: `119${String(run * 1_000 + i).padStart(8, "0")}`,
  }));

  // A person's requests are sent next to each other, alternating between the servers, so they reach the
  // database together: the first insert of a new person races with the others (a whole round of
  // first requests before any second one would let each person's first request commit alone).
  const requests = people.flatMap((person, i) =>
    Array.from({ length: REQUESTS_PER_PERSON }, (_, n) => {
      const lead: Record<string, unknown> = { name: `Person ${i}`, city: `City ${n}` };
      if (person.identity !== "phone") lead.email = emailVariant(person.email, n);
      if (person.identity !== "email") lead.telephone = phoneVariant(person.phone, n);
      return { person: i, server: pair[n % 2]!, lead };
    }),
  );
  expect(requests).toHaveLength(PEOPLE * REQUESTS_PER_PERSON);

  const answers: Answer[] = await Promise.all(requests.map((request) => postLead(request.server, link.token, request.lead)));

  const counts = tally(answers);
  const stored = await countStored(database, link);
  console.log(
    `[hardening concurrency] ${JSON.stringify({
      servers: 2,
      sent: answers.length,
      people: PEOPLE,
      answers: counts,
      serverErrors: serverErrors(answers).length,
      leads: stored.leads,
      submissions: stored.submissions,
    })}`,
  );

  expect(serverErrors(answers)).toEqual([]);
  expect(counts).toEqual({ 201: PEOPLE, 200: PEOPLE * (REQUESTS_PER_PERSON - 1) });
  expect(stored).toEqual({ leads: PEOPLE, submissions: { created: PEOPLE, updated: PEOPLE * (REQUESTS_PER_PERSON - 1) } });

  // Every answer for one person names the same lead, and that lead carries the person's identity.
  const leadOf = new Map<number, Set<string>>();
  answers.forEach((answer, i) => {
    if (!isSuccess(answer)) return;
    const ids = leadOf.get(requests[i]!.person) ?? new Set<string>();
    ids.add(answer.body.leadId as string);
    leadOf.set(requests[i]!.person, ids);
  });
  const leads = await database.query<{ id: string; email: string | null; phone: string | null; submissions: string }>(
    `SELECT l.id, l.email, l.phone, (SELECT count(*) FROM submissions s WHERE s.lead_id = l.id) AS submissions
       FROM leads l WHERE l.workspace_id = $1`,
    [link.workspaceId],
  );
  const byId = new Map(leads.map((lead) => [lead.id, lead]));
  people.forEach((person, i) => {
    const ids = [...(leadOf.get(i) ?? [])];
    expect(ids, `person ${i} (${person.identity})`).toHaveLength(1);
    const lead = byId.get(ids[0]!);
    expect(lead, `person ${i}'s lead`).toEqual({
      id: ids[0],
      email: person.identity === "phone" ? null : person.email,
      phone: person.identity === "email" ? null : `55${person.phone}`,
      submissions: String(REQUESTS_PER_PERSON),
    });
  });
});
