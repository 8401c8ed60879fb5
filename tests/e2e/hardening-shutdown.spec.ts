import { expect, test } from "@playwright/test";
import { type Answer, isSuccess, postLead, serverErrors, tally } from "./support/ingest";
import { countStored, seedLink, serversOnPostgres } from "./support/postgres";
import { slowPost } from "./support/slow-post";

// Hardening (issue 5, point 4): graceful shutdown on PostgreSQL. A stream of requests keeps going while
// the server gets SIGTERM: it stops accepting connections, finishes what is in flight (including requests
// whose bodies are still arriving), closes its pool and exits 0. Every 2xx the senders saw is a lead with
// its submission record in the database, and nothing else is: a request that got no answer wrote nothing.

const STREAMS = 8;
/** The signal comes once this many leads were accepted, so it lands in the middle of the stream. */
const ACCEPTED_BEFORE_SIGNAL = 40;
/** A stream gives up after this many requests, so a server that never stops cannot loop the test forever. */
const MAX_PER_STREAM = 300;
/** The bound on the exit: the server's own drain timeout (25 s) and close timeout (10 s), plus slack. */
const EXIT_BOUND_MS = 60_000;

const harness = serversOnPostgres();

interface Sent {
  email: string;
  answer: Answer;
  /** Whether the request was sent after the signal. */
  afterSignal: boolean;
}

test("on PostgreSQL, SIGTERM mid-stream: in-flight requests finish, every 2xx is stored, the server closes its pool and exits 0", async () => {
  test.setTimeout(240_000);
  const database = await harness.database();
  const server = await harness.start({ DATABASE_URL: database.url, REDIS_URL: undefined });
  const link = await seedLink(database);

  let signalled = false;
  let accepted = 0;
  const sent: Sent[] = [];
  const signal = () => {
    if (signalled) return;
    signalled = true;
    server.child.kill("SIGTERM");
  };

  // Requests whose headers the server has read and whose bodies come only after the signal.
  const slow = Array.from({ length: 6 }, (_, i) =>
    slowPost(server, link.token, { name: `Slow ${i}`, email: `slow-${i}@shutdown.example` }),
  );
  await Promise.all(slow.map((request) => request.headersRead));

  const stream = async (s: number) => {
    for (let n = 0; n < MAX_PER_STREAM; n++) {
      const afterSignal = signalled;
      const email = `stream-${s}-${n}@shutdown.example`;
      const answer = await postLead(server, link.token, { name: `Stream ${s}.${n}`, email });
      sent.push({ email, answer, afterSignal });
      if (isSuccess(answer) && ++accepted >= ACCEPTED_BEFORE_SIGNAL) signal();
      // Refused: the server no longer accepts connections. Its answers to the others keep coming.
      if (answer.status === "network_error") return;
    }
  };
  const streams = Promise.all(Array.from({ length: STREAMS }, (_, s) => stream(s)));

  await expect.poll(() => signalled, { timeout: 120_000 }).toBe(true);
  await expect.poll(() => server.stdout()).toContain("Leadlink received SIGTERM");
  for (const request of slow) request.finish();
  const slowResults = await Promise.all(slow.map((request) => request.result));
  await streams;

  const exit = await Promise.race([
    server.exited,
    new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), EXIT_BOUND_MS)),
  ]);
  expect(exit, server.stderr()).toEqual({ code: 0, signal: null });
  expect(server.stdout()).toContain("Leadlink stopped");
  expect(server.stderr()).not.toMatch(/Closing (the database|Next\.js) failed|Unhandled error/);

  // The pool was closed: no connection of the server's is left on the database.
  const [connections] = await database.query<{ count: string }>(
    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name <> 'leadlink-e2e'",
  );
  expect(Number(connections!.count)).toBe(0);

  // Every slow request was in flight at the signal: each was served in full, on a closing connection.
  for (const result of slowResults) expect(result).toMatchObject({ status: 201, connection: "close" });

  const answers = sent.map((entry) => entry.answer);
  // No request hung: each got an answer or a connection error, and none got a server error.
  expect(answers.filter((answer) => answer.status === "network_error" && answer.error === "TimeoutError")).toEqual([]);
  expect(serverErrors(answers)).toEqual([]);
  for (const answer of answers) {
    if (answer.status !== "network_error") expect(answer.status).toBe(201);
  }

  const answered = new Map<string, string>();
  for (const entry of sent) if (isSuccess(entry.answer)) answered.set(entry.answer.body.leadId as string, entry.email);
  for (const result of slowResults) {
    if ("body" in result) {
      const body = JSON.parse(result.body) as { leadId: string };
      answered.set(body.leadId, "");
    }
  }
  const leads = await database.query<{ id: string; email: string; submissions: string }>(
    `SELECT l.id, l.email, (SELECT count(*) FROM submissions s WHERE s.lead_id = l.id AND s.outcome = 'created') AS submissions
       FROM leads l WHERE l.workspace_id = $1`,
    [link.workspaceId],
  );
  // Exactly the answered leads are stored, each with its submission record.
  expect(new Set(leads.map((lead) => lead.id))).toEqual(new Set(answered.keys()));
  for (const lead of leads) {
    expect(lead.submissions).toBe("1");
    const email = answered.get(lead.id);
    if (email) expect(lead.email).toBe(email);
  }

  const afterSignal = sent.filter((entry) => entry.afterSignal).map((entry) => entry.answer);
  const stored = await countStored(database, link);
  expect(stored.submissions).toEqual({ created: leads.length });
  console.log(
    `[hardening shutdown] ${JSON.stringify({
      sent: sent.length + slow.length,
      answers: tally(answers),
      slowInFlightAtSignal: slow.length,
      sentAfterSignal: afterSignal.length,
      afterSignal: tally(afterSignal),
      serverErrors: 0,
      leads: stored.leads,
      submissions: stored.submissions,
      exitCode: exit === "still running" ? exit : exit.code,
    })}`,
  );
});
