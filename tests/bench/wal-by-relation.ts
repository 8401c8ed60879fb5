// Not part of `npm run bench`: where ingest's WAL goes, relation by relation. Posts <count> leads of the bench's mix
// (load.ts) to a capture link through the route handler in this process, <concurrency> at a time, after a
// CHECKPOINT (as the bench does after its seed), and prints, from pg_walinspect, the records, bytes and
// full-page images each relation was written in, per accepted lead. Used to explain ingest_1m_vs_empty
// (docs/benchmarks-log.md): run it on an empty workspace and on one seeded with `npm run seed`.
//   DATABASE_URL=... INGEST_RATE_LIMIT=off npx tsx tests/bench/wal-by-relation.ts <link token> [count = 5000] [concurrency = 16]
import "../support/next-request-globals";
import pg from "pg";
import { identityFactory, ingestBody } from "./load";

const [token, countArg, concurrencyArg] = process.argv.slice(2);
const count = Number(countArg ?? 5_000);
const concurrency = Number(concurrencyArg ?? 16);
const route = await import("@/app/ingest/[captureLink]/route");
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
await client.query("CREATE EXTENSION IF NOT EXISTS pg_walinspect");

const fresh = identityFactory();
const pool = Array.from({ length: 500 }, fresh);
async function post(body: string): Promise<number> {
  const request = new Request(`http://localhost:3000/ingest/${token}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const response = await route.POST(request, { params: Promise.resolve({ captureLink: token! }) });
  await response.arrayBuffer();
  return response.status;
}
async function run(bodies: () => string, total: number): Promise<number> {
  let next = 0;
  let accepted = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const status = await post(bodies());
        if (status === 200 || status === 201) accepted += 1;
      }
    }),
  );
  return accepted;
}

// The pool the mix updates, and a warm-up, before the measured window.
for (const person of pool) await post(JSON.stringify({ name: "Pool Lead", email: person.email, telephone: person.phone }));
await run(() => ingestBody(pool, fresh), 500);
await client.query("CHECKPOINT");
const { rows: startRows } = await client.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
const started = Date.now();
const accepted = await run(() => ingestBody(pool, fresh), count);
const seconds = (Date.now() - started) / 1000;
const { rows: endRows } = await client.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");

// One row per block reference: "blkref #0: rel 1663/16384/16390 fork main blk 5 (FPW); hole: ..." (PostgreSQL 15).
const { rows } = await client.query<{ relation: string; records: string; fpi: string; bytes: string }>(
  `WITH refs AS (
     SELECT r.record_length, m[2]::oid AS filenode, (m[3] IS NOT NULL) AS fpw
     FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn) r,
          regexp_matches(coalesce(r.block_ref, ''), 'rel \\d+/(\\d+)/(\\d+) fork \\w+ blk \\d+( \\(FPW\\))?', 'g') m
     -- The cluster's WAL holds every database's writes: this one's only.
     WHERE m[1]::oid = (SELECT oid FROM pg_database WHERE datname = current_database())
   )
   SELECT coalesce(c.relname, refs.filenode::text) AS relation, count(*)::text AS records,
          count(*) FILTER (WHERE fpw)::text AS fpi, sum(record_length)::text AS bytes
   FROM refs LEFT JOIN pg_class c ON c.relfilenode = refs.filenode
   GROUP BY 1 ORDER BY count(*) FILTER (WHERE fpw) DESC, count(*) DESC`,
  [startRows[0]!.lsn, endRows[0]!.lsn],
);
console.log(`${accepted} of ${count} accepted in ${seconds.toFixed(1)} s (${(accepted / seconds).toFixed(0)} leads/s)`);
console.log("relation | records/lead | FPI/lead | bytes/lead (record length, FPIs included)");
for (const row of rows.slice(0, 40)) {
  const per = (value: string) => (Number(value) / accepted).toFixed(3);
  console.log(`${row.relation} | ${per(row.records)} | ${per(row.fpi)} | ${per(row.bytes)}`);
}
await client.end();
process.exit(0);
