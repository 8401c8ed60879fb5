// Ingest latency while the retention job purges 100,000 expired rows (issue 13): ingest's p50/p99 alone,
// then again while purgeExpiredData runs in the same process, as it does in the server.
//   DATABASE_URL=postgres://…/scratch npx tsx scripts/bench-retention-purge.ts [--rows 100000] [--seconds 15]
// Without DATABASE_URL it runs on a fresh embedded database in a temporary DATA_DIR.
// It writes to the database it is given: point it at a scratch database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const ROWS = option("rows", 100_000);
const SECONDS = option("seconds", 15);
const CONCURRENCY = option("concurrency", 16);

process.env.INGEST_RATE_LIMIT = "off";
process.env.LOG_LEVEL ??= "warn";
const scratch = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), "leadlink-purge-bench-"));
if (scratch) process.env.DATA_DIR = scratch;

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function main() {
  const { closeDatabase, getDatabase, statement } = await import("@/lib/db/client");
  const route = await import("@/app/ingest/[captureLink]/route");
  const { purgeExpiredData } = await import("@/lib/privacy/retention");
  const { generateLinkToken } = await import("@/lib/links/link-token");
  const database = await getDatabase();
  const { prisma } = database;

  const slug = `purge-bench-${Date.now()}`;
  const workspace = await prisma.workspace.create({ data: { name: "Purge bench", slug } });
  const link = await prisma.captureLink.create({
    data: { workspaceId: workspace.id, name: "Bench", token: generateLinkToken() },
  });

  // 100,000 requests 200 days old, with IPs and user agents; half of them rejected with a payload.
  // In chunks: the app's connections give a statement 2.5 s.
  const seeded = performance.now();
  for (let from = 1; from <= ROWS; from += 5_000) {
    await database.sql(
      statement(
        `INSERT INTO submissions (id, workspace_id, capture_link_id, outcome, status, error_code, payload, ip, user_agent, received_at)
       SELECT gen_random_uuid(), $1::uuid, $2::uuid,
         (CASE WHEN i % 2 = 0 THEN 'rejected' ELSE 'created' END)::submission_outcome,
         CASE WHEN i % 2 = 0 THEN 422 ELSE 201 END, CASE WHEN i % 2 = 0 THEN 'validation_failed' END,
         '{"email":"person' || i || '@example.com","telephone":"11987654321"}', '203.0.113.' || (i % 250),
         'Mozilla/5.0 (bench)', now() - interval '200 days' - (i || ' seconds')::interval
       FROM generate_series($3::int, $4::int) AS i`,
        [workspace.id, link.id, from, Math.min(ROWS, from + 4_999)],
      ),
    );
  }
  console.log(`seeded ${ROWS} expired submissions in ${Math.round(performance.now() - seeded)} ms (${database.kind})`);

  let sequence = 0;
  async function ingestFor(until: () => boolean): Promise<number[]> {
    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (!until()) {
          const body = JSON.stringify({ name: "Bench", email: `bench${sequence++}.${slug}@example.com` });
          const started = performance.now();
          const response = await route.POST(
            new Request(`http://localhost/ingest/${link.token}`, {
              method: "POST",
              headers: { "content-type": "application/json", "user-agent": "bench" },
              body,
            }),
            { params: Promise.resolve({ captureLink: link.token }) },
          );
          await response.arrayBuffer();
          if (response.status >= 300) throw new Error(`ingest answered ${response.status}`);
          latencies.push(performance.now() - started);
        }
      }),
    );
    return latencies.sort((a, b) => a - b);
  }

  // Warm-up, then ingest alone.
  const warm = Date.now() + 3_000;
  await ingestFor(() => Date.now() > warm);
  const alone = Date.now() + SECONDS * 1000;
  const baseline = await ingestFor(() => Date.now() > alone);

  // Ingest while the purge runs (the job's defaults: batches of 1,000, 20 ms apart); at least SECONDS long.
  let purgeDone = false;
  const purgeStarted = performance.now();
  const purge = purgeExpiredData(database, { pauseMs: 20 }).then((result) => {
    purgeDone = true;
    return { result, ms: performance.now() - purgeStarted };
  });
  const during = Date.now() + SECONDS * 1000;
  const duringPurge = await ingestFor(() => purgeDone && Date.now() > during);
  const { result, ms } = await purge;
  // Ingest alone again: the machine's load drifts, so the baseline is taken on both sides of the purge.
  const after = Date.now() + SECONDS * 1000;
  const baselineAfter = await ingestFor(() => Date.now() > after);

  const row = (label: string, latencies: number[], seconds: number) =>
    `| ${label} | ${latencies.length} | ${Math.round(latencies.length / seconds)} | ${percentile(latencies, 0.5).toFixed(1)} | ${percentile(latencies, 0.99).toFixed(1)} |`;
  console.log(`\npurge: ${JSON.stringify(result)} in ${(ms / 1000).toFixed(1)} s`);
  console.log(`\n| ${database.kind}, ${CONCURRENCY} concurrent requests | requests | req/s | p50 ms | p99 ms |`);
  console.log("|---|---|---|---|---|");
  console.log(row("ingest alone, before", baseline, SECONDS));
  console.log(row(`ingest during the purge of ${ROWS.toLocaleString("en")} rows`, duringPurge, Math.max(SECONDS, ms / 1000)));
  console.log(row("ingest alone, after", baselineAfter, SECONDS));
  await closeDatabase();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
