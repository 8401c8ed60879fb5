/**
 * CPU per delivery of the webhook dispatcher and of PostgreSQL, without the server: the dispatcher process
 * (scripts/webhook-dispatcher.mjs, as the server forks it) against a database of its own on the PostgreSQL at
 * ADMIN_URL, a receiver process answering 200, and this process writing events at a steady rate (waking the
 * dispatcher over IPC, as ingest does), copies of those the real ingest route wrote for 500 leads: the dispatcher
 * expands them into messages, claims, sends and records them, as it does behind a server.
 *
 *   npx tsx tests/bench/dispatch-cpu.ts [rate/s = 600] [seconds = 15] [rounds = 2]
 *
 * Prints per window: deliveries, CPU ms per delivery of the dispatcher process, of the PostgreSQL processes that
 * serve it (every process of the cluster but the writer's backend), of the writer's backend (the event inserts,
 * which ingest pays), and of the receiver; WAL bytes per message; the messages' updates and how many were HOT;
 * and the load average. Utime + stime from /proc.
 */
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { ROOT } from "../e2e/support/server";
import { createBenchDatabase, processCpuMs } from "./servers";

const [rate = 600, seconds = 15, rounds = 2] = process.argv.slice(2).map(Number);

process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
process.env.LOG_LEVEL = "warn";
process.env.INGEST_RATE_LIMIT = "off";

const load = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  // A cluster of its own (deployment.md's recommended settings, as the bench's): every process and every WAL byte is this run's.
  const cluster = await createBenchDatabase({ recommended: true });
  const url = cluster.url;
  process.env.DATABASE_URL = url;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { getDatabase, closeDatabase } = await import("@/lib/db/client");
  const { createWorkspace, createLink } = await import("../support/fixtures");
  const { createEndpoint } = await import("@/lib/webhooks/create-endpoint");
  const { post } = await import("../support/ingest-client");
  const database = await getDatabase();

  const receiver = fork(path.join(ROOT, "tests/bench/webhook-receiver-process.mjs"), [], { execArgv: [] });
  const port = await new Promise<number>((resolve) => receiver.once("message", (m: { port: number }) => resolve(m.port)));
  const workspace = await createWorkspace(database);
  const link = await createLink(database, workspace.id);
  await createEndpoint(workspace.id, {
    url: `http://127.0.0.1:${port}/hook`,
    events: ["lead.created", "lead.updated"],
  } as never);
  // Leads and submissions for the messages to be about: 500 through the real route (each writes its message).
  for (let i = 0; i < 500; i++) {
    const result = await post(link.token, {
      name: `Ana Silva ${i}`,
      email: `ana${i}@example.com`,
      telephone: `1199${String(1_000_000 + i).padStart(7, "0")}`,
      utmSource: "google",
      utmCampaign: "c1",
    });
    if (result.status !== 201) throw new Error(`ingest answered ${result.status}`);
  }
  const writer = new pg.Client({ connectionString: url });
  await writer.connect();
  // The events ingest wrote (no dispatcher runs yet, so none is expanded): each window writes copies of them, as
  // ingest does (the lead as the event fixed it), and the dispatcher expands, claims, sends and records them.
  const about = (
    await writer.query<{ lead_id: string; submission_id: string; capture_link_id: string; data: string }>(
      "SELECT lead_id, submission_id, capture_link_id, data::text AS data FROM events ORDER BY created_at",
    )
  ).rows;
  if (about.length === 0) throw new Error("ingest wrote no events: is the endpoint subscribed?");
  const writerPid = (await writer.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
  await writer.query("ANALYZE");

  const dispatcher: ChildProcess = fork(path.join(ROOT, "scripts/webhook-dispatcher.mjs"), [], {
    cwd: ROOT,
    // DISPATCHER_CPU_PROF=dir: a V8 CPU profile of the dispatcher process, written there when it stops.
    env: { ...process.env },
    execArgv: [
      ...process.execArgv,
      ...(process.env.DISPATCHER_CPU_PROF
        ? ["--cpu-prof", "--cpu-prof-interval=250", `--cpu-prof-dir=${process.env.DISPATCHER_CPU_PROF}`]
        : []),
    ],
    serialization: "json",
  });
  const delivered = async () =>
    Number(
      (await writer.query<{ n: string }>("SELECT count(*) AS n FROM webhook_messages WHERE state = 'delivered'")).rows[0]!.n,
    );
  const pending = async () =>
    Number(
      (
        await writer.query<{ n: string }>(
          "SELECT (SELECT count(*) FROM webhook_messages WHERE state = 'pending') + (SELECT count(*) FROM events) AS n",
        )
      ).rows[0]!.n,
    );
  // The first 500 drain (and the child loads) before anything is measured.
  while ((await pending()) > 0) await sleep(200);

  const backends = async () =>
    (await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid()")).rows.map((r) => r.pid);
  const cpu = async () => {
    const pgPids = (await backends()).filter((pid) => pid !== writerPid);
    return {
      dispatcher: processCpuMs(dispatcher.pid!),
      postgres: new Map(pgPids.map((pid) => [pid, processCpuMs(pid)])),
      writer: processCpuMs(writerPid),
      receiver: processCpuMs(receiver.pid!),
    };
  };

  const walBytes = async () =>
    Number((await admin.query<{ b: string }>("SELECT pg_current_wal_lsn() - '0/0'::pg_lsn AS b")).rows[0]!.b);
  // Statistics reach pg_stat_user_tables up to a second late (pg_stat_force_next_flush is the backend's own).
  // Also the database's transactions (each of the dispatcher's statements is one) and rows written, every table.
  const updates = async () => {
    await sleep(1_100);
    const row = (
      await admin.query<{ upd: string; hot: string }>(
        "SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = 'webhook_messages'",
      )
    ).rows[0]!;
    const db = (
      await admin.query<{ xacts: string; ins: string; upd: string; del: string }>(
        `SELECT xact_commit + xact_rollback AS xacts, tup_inserted AS ins, tup_updated AS upd, tup_deleted AS del
           FROM pg_stat_database WHERE datname = current_database()`,
      )
    ).rows[0]!;
    return {
      upd: Number(row.upd),
      hot: Number(row.hot),
      xacts: Number(db.xacts),
      written: Number(db.ins) + Number(db.upd) + Number(db.del),
    };
  };
  let next = 0;
  const insert = `INSERT INTO events (id, workspace_id, type, lead_id, submission_id, capture_link_id, data)
    SELECT gen_random_uuid(), $1, 'lead.updated', l, s, c, d::jsonb
    FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[]) AS a(l, s, c, d)`;
  for (let round = 1; round <= rounds; round++) {
    const startLoad = load();
    const d0 = await delivered();
    const c0 = await cpu();
    const wal0 = await walBytes();
    const hot0 = await updates();
    const started = Date.now();
    const tickMs = 10;
    let written = 0;
    while (Date.now() - started < seconds * 1000) {
      const due = Math.floor(((Date.now() - started) / 1000) * rate) - written;
      if (due > 0) {
        const rows = Array.from({ length: due }, () => about[next++ % about.length]!);
        await writer.query(insert, [
          workspace.id,
          rows.map((r) => r.lead_id),
          rows.map((r) => r.submission_id),
          rows.map((r) => r.capture_link_id),
          rows.map((r) => r.data),
        ]);
        written += due;
        dispatcher.send({ type: "wake" });
      }
      await sleep(tickMs);
    }
    // Whatever is still pending is delivered before the window closes, so CPU and deliveries match.
    while ((await pending()) > 0) await sleep(50);
    const c1 = await cpu();
    const d1 = await delivered();
    const wal1 = await walBytes();
    const hot1 = await updates();
    const n = d1 - d0;
    // A backend that appeared meanwhile counts from 0; one that went away is not counted.
    let pgCpu = 0;
    for (const [pid, end] of c1.postgres) pgCpu += end - (c0.postgres.get(pid) ?? 0);
    const per = (ms: number) => (ms / n).toFixed(3);
    console.log(
      JSON.stringify({
        round,
        load: startLoad,
        seconds: ((Date.now() - started) / 1000).toFixed(1),
        written,
        deliveries: n,
        dispatcherMsPerDelivery: per(c1.dispatcher - c0.dispatcher),
        postgresMsPerDelivery: per(pgCpu),
        outboxInsertMsPerMessage: per(c1.writer - c0.writer),
        receiverMsPerDelivery: per(c1.receiver - c0.receiver),
        // Event inserts included (the writer's): every WAL byte of the cluster in the window, per message.
        walBytesPerMessage: Math.round((wal1 - wal0) / n),
        // Counted over the whole database: the writer's event inserts, the sampling queries' own transactions.
        transactionsPerMessage: ((hot1.xacts - hot0.xacts) / n).toFixed(3),
        rowsWrittenPerMessage: ((hot1.written - hot0.written) / n).toFixed(3),
        messageUpdates: hot1.upd - hot0.upd,
        hotUpdates: hot1.hot - hot0.hot,
      }),
    );
  }
  // DISPATCH_CPU_STATEMENTS=1 with BENCH_PG_SETTINGS=shared_preload_libraries=pg_stat_statements: the statements
  // of the whole run by total time, per delivered message (calls and backend ms).
  if (process.env.DISPATCH_CPU_STATEMENTS) {
    const total = await delivered();
    await admin.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    const { rows } = await admin.query<{ calls: string; ms: number; query: string }>(
      `SELECT calls, total_exec_time + total_plan_time AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query
         FROM pg_stat_statements ORDER BY 2 DESC LIMIT 15`,
    );
    for (const row of rows)
      console.log(`${(Number(row.calls) / total).toFixed(3)} calls ${(row.ms / total).toFixed(4)} ms  ${row.query}`);
  }
  dispatcher.send({ type: "stop" });
  await new Promise((resolve) => dispatcher.once("exit", resolve));
  receiver.disconnect();
  await writer.end();
  await closeDatabase();
  await admin.end();
  await cluster.drop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
