import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startReceiver } from "../support/webhook-receiver";
import { type IngestTarget, measureIngest, prepareIngest } from "./ingest-phase";
import type { LoadResult } from "./load";
import { type BenchServer, cli, processCpuMs } from "./servers";

/**
 * Issue 11's figures (DESIGN.md section 6): ingest into a workspace with one endpoint subscribed to every
 * lead event, a local receiver answering 200, against ingest into one without, alternated on one server;
 * commit-to-receiver latency; and whether the outbox's backlog grows over a long run at full load.
 */
export interface WebhookFigures {
  plain: LoadResult[];
  withWebhook: LoadResult[];
  /** Receiver's arrival time minus the message's creation (its ingest statement's time), per delivery. */
  deliveryMs: number[];
  /** Messages due for over 1 s near the end of each webhook run minus near its start (see webhookRun). */
  backlogGrowth: number[];
  /** The same for every pending message, in flight included. */
  pendingGrowth: number[];
  /** Pending messages at the end of each webhook run. */
  backlogEnd: number[];
  deliveries: number;
  /** CPU ms per request of each process group, per window (plain, then with the endpoint). */
  cpu: { plain: CpuPerRequest[]; withWebhook: CpuPerRequest[] };
  /** Load average (1 min) at the start of each window. */
  loadAverage: number[];
}

/** CPU ms per ingest request, by process (group), over one window: utime + stime from /proc. */
export interface CpuPerRequest {
  server: number;
  dispatcher: number;
  postgres: number;
  receiver: number;
  bench: number;
}

export type CpuSnapshot = Map<string, number>;

/** The server's children (the webhook dispatcher process), from /proc. */
function childPids(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ");
      if (Number(fields[1]) === parent) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * CPU ms so far of the server, its children (the dispatcher), every process of the cluster (the bench's own
 * cluster: nothing else uses it; pg_stat_activity lists backends and background processes), the receiver and
 * this process (autocannon), keyed "group:pid" so that a process that appears mid-window counts from 0.
 */
export async function cpuSnapshot(server: BenchServer, client: pg.Client, receiver?: BenchReceiver): Promise<CpuSnapshot> {
  const snapshot: CpuSnapshot = new Map();
  const serverPid = server.child.pid!;
  snapshot.set(`server:${serverPid}`, processCpuMs(serverPid));
  for (const pid of childPids(serverPid)) snapshot.set(`dispatcher:${pid}`, processCpuMs(pid));
  const { rows } = await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity");
  for (const { pid } of rows) snapshot.set(`postgres:${pid}`, processCpuMs(pid));
  if (receiver?.pid) snapshot.set(`receiver:${receiver.pid}`, processCpuMs(receiver.pid));
  snapshot.set(`bench:${process.pid}`, processCpuMs(process.pid));
  return snapshot;
}

export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  const totals: CpuPerRequest = { server: 0, dispatcher: 0, postgres: 0, receiver: 0, bench: 0 };
  for (const [key, end] of after) {
    const group = key.split(":")[0] as keyof CpuPerRequest;
    totals[group] += end - (before.get(key) ?? 0);
  }
  for (const group of Object.keys(totals) as (keyof CpuPerRequest)[])
    totals[group] = Math.round((totals[group] / Math.max(requests, 1)) * 1000) / 1000;
  return totals;
}

function loadAverage(): number {
  return Number(fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
}

export interface WebhookPlan {
  /** Webhook ingest measurement, over which the backlog is followed (60 s in the full run). */
  webhookSeconds: number;
  warmup: number;
  rounds: number;
  pool: number;
  connections: number;
}

/** DESIGN.md section 7: a message is usually sent within this of its commit; one waiting longer is behind. */
const DISPATCH_TARGET_SECONDS = 1;

/**
 * The workspace's pending messages: all of them (`pending`: events not yet expanded, and messages waiting,
 * claimed or being sent), and those due for longer than the dispatch target (`overdue`: the backlog, what the
 * dispatcher has not got to in time).
 */
export async function pendingMessages(client: pg.Client, workspaceId: string): Promise<{ pending: number; overdue: number }> {
  const { rows } = await client.query<{ pending: string; overdue: string }>(
    `SELECT m.pending + e.pending AS pending, m.overdue + e.overdue AS overdue
       FROM (SELECT count(*) AS pending,
                    count(*) FILTER (WHERE next_attempt_at < now() - make_interval(secs => $2)) AS overdue
               FROM webhook_messages WHERE workspace_id = $1 AND state = 'pending') m,
            (SELECT count(*) AS pending,
                    count(*) FILTER (WHERE created_at < now() - make_interval(secs => $2)) AS overdue
               FROM events WHERE workspace_id = $1) e`,
    [workspaceId, DISPATCH_TARGET_SECONDS],
  );
  return { pending: Number(rows[0]?.pending ?? 0), overdue: Number(rows[0]?.overdue ?? 0) };
}

/** Waits (bounded) until the dispatcher has sent everything, so that a plain measurement does not pay for it. */
export async function drain(client: pg.Client, workspaceId: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await pendingMessages(client, workspaceId)).pending > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 250));
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);

/** Growth over a run from per-second samples: the mean of the last three minus the mean of the first three. */
function growth(samples: readonly number[]): number {
  const edge = Math.min(3, Math.floor(samples.length / 2)) || 1;
  return Math.round(mean(samples.slice(-edge)) - mean(samples.slice(0, edge)));
}

/**
 * One webhook ingest run: `warmup` seconds of load, then the measured window, sampled every second. The backlog
 * is the messages due for longer than the dispatch target (1 s): a dispatcher that keeps up holds it at 0
 * however many messages are in flight, one that falls behind grows it by its deficit. The growth of every
 * pending message (in flight included: a sawtooth of claimed batches, ±10 between two samples at this load)
 * comes with it. The throughput is autocannon's over the whole run.
 */
async function webhookRun(
  server: BenchServer,
  target: IngestTarget,
  client: pg.Client,
  workspaceId: string,
  plan: WebhookPlan,
): Promise<{ load: LoadResult; growth: number; pendingGrowth: number; end: number }> {
  const samples: { pending: number; overdue: number }[] = [];
  let sampling = true;
  const sampler = (async () => {
    await new Promise((resolve) => setTimeout(resolve, plan.warmup * 1000));
    while (sampling) {
      samples.push(await pendingMessages(client, workspaceId));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  const load = await measureIngest(server, target, plan.warmup + plan.webhookSeconds, plan.connections);
  sampling = false;
  await sampler;
  return {
    load,
    growth: growth(samples.map((sample) => sample.overdue)),
    pendingGrowth: growth(samples.map((sample) => sample.pending)),
    end: samples.at(-1)?.pending ?? 0,
  };
}

/** What the receiver saw: per delivery, its arrival minus the message's `timestamp`; and requests that were not a webhook. */
interface Received {
  latencies: number[];
  invalid: number;
  firstProblem?: string;
}

export interface BenchReceiver {
  /** Its process, when it has one of its own. */
  pid?: number;
  url(): string;
  /** What arrived since the last take(), forgotten by the receiver. */
  take(): Promise<Received>;
  close(): Promise<void>;
}

/**
 * The receiver stands in for a remote machine: by default a process of its own (webhook-receiver-process.mjs),
 * so that it neither takes autocannon's event loop nor keeps every body in this process's heap.
 * BENCH_WEBHOOK_RECEIVER=inline runs tests/support/webhook-receiver.ts in this process instead (as before:
 * docs/benchmarks-log.md, branch hooks, compares the two).
 */
export async function startBenchReceiver(): Promise<BenchReceiver> {
  if (process.env.BENCH_WEBHOOK_RECEIVER === "inline") {
    const receiver = await startReceiver();
    return {
      url: () => receiver.url(),
      async take() {
        const received: Received = { latencies: [], invalid: 0 };
        for (const request of receiver.requests.splice(0)) {
          const timestamp = Date.parse((JSON.parse(request.body) as { timestamp: string }).timestamp);
          if (Number.isNaN(timestamp) || !request.headers["webhook-signature"]) received.invalid += 1;
          else received.latencies.push(request.at - timestamp);
        }
        return received;
      },
      close: () => receiver.close(),
    };
  }
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), "webhook-receiver-process.mjs");
  const child = fork(entry, [], { stdio: ["ignore", "inherit", "inherit", "ipc"], execArgv: [] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the webhook receiver exited (${code}) before listening`)));
    child.once("message", (message: { type: string; port: number }) => resolve(message.port));
  });
  return {
    pid: (child as ChildProcess).pid,
    url: () => `http://127.0.0.1:${port}/hook`,
    take: () =>
      new Promise<Received>((resolve) => {
        child.once("message", (message: Received) => resolve(message));
        child.send({ type: "take" });
      }),
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.disconnect();
      await exited;
    },
  };
}

/** One webhook endpoint in the workspace, subscribed to every lead event, pointing at `url`. */
export async function subscribe(server: BenchServer, slug: string, url: string): Promise<void> {
  await cli(server, [
    "webhook",
    "create",
    "--workspace",
    slug,
    "--url",
    url,
    "--event",
    "lead.created",
    "--event",
    "lead.updated",
  ]);
}

export async function webhookPhase(
  server: BenchServer,
  databaseUrl: string,
  ownerEmail: string,
  plain: IngestTarget,
  plan: WebhookPlan,
  progress: (message: string) => void,
): Promise<WebhookFigures> {
  const receiver = await startBenchReceiver();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const target = await prepareIngest(server, plan.pool, ownerEmail);
    await subscribe(server, target.slug, receiver.url());
    const { rows } = await client.query<{ id: string }>("SELECT id FROM workspaces WHERE slug = $1", [target.slug]);
    const workspaceId = rows[0]!.id;
    // The endpoint reaches ingest through the capture link cache (5 s TTL in another process than the CLI's).
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    await measureIngest(server, target, plan.warmup, plan.connections);
    await drain(client, workspaceId, 60_000);
    await receiver.take();

    const figures: WebhookFigures = {
      plain: [],
      withWebhook: [],
      deliveryMs: [],
      backlogGrowth: [],
      pendingGrowth: [],
      backlogEnd: [],
      deliveries: 0,
      cpu: { plain: [], withWebhook: [] },
      loadAverage: [],
    };
    for (let round = 1; round <= plan.rounds; round += 1) {
      // As long as the webhook run, warm-up included: both windows meet the same share of the cluster's
      // background work (checkpoints, autovacuum of the tables ingest fills), which a 60 s window meets often
      // and a 15 s one seldom.
      const plainSeconds = plan.warmup + plan.webhookSeconds;
      progress(`PostgreSQL, webhooks: round ${round}/${plan.rounds}, ingest without an endpoint ${plainSeconds} s`);
      figures.loadAverage.push(loadAverage());
      let before = await cpuSnapshot(server, client, receiver);
      const plainLoad = await measureIngest(server, plain, plainSeconds, plan.connections);
      figures.cpu.plain.push(cpuPerRequest(before, await cpuSnapshot(server, client, receiver), plainLoad.requests));
      figures.plain.push(plainLoad);
      progress(`  load ${figures.loadAverage.at(-1)}, CPU ms per lead: ${JSON.stringify(figures.cpu.plain.at(-1))}`);
      progress(
        `PostgreSQL, webhooks: round ${round}/${plan.rounds}, ingest with one endpoint ${plan.warmup} + ${plan.webhookSeconds} s`,
      );
      figures.loadAverage.push(loadAverage());
      before = await cpuSnapshot(server, client, receiver);
      const run = await webhookRun(server, target, client, workspaceId, plan);
      // Over the whole run (warm-up included, as its requests are), before the drain: what ingest competed with.
      figures.cpu.withWebhook.push(cpuPerRequest(before, await cpuSnapshot(server, client, receiver), run.load.requests));
      progress(`  load ${figures.loadAverage.at(-1)}, CPU ms per lead: ${JSON.stringify(figures.cpu.withWebhook.at(-1))}`);
      figures.withWebhook.push(run.load);
      figures.backlogGrowth.push(run.growth);
      figures.pendingGrowth.push(run.pendingGrowth);
      figures.backlogEnd.push(run.end);
      await drain(client, workspaceId, 120_000);
    }
    const received = await receiver.take();
    // Every delivery must be a signed webhook with its timestamp: a receiver that miscounted would misstate p95.
    if (received.invalid > 0)
      throw new Error(`${received.invalid} requests to the webhook receiver were not signed webhooks: ${received.firstProblem}`);
    figures.deliveryMs = received.latencies;
    figures.deliveries = received.latencies.length;
    return figures;
  } finally {
    await client.end();
    await receiver.close();
  }
}
