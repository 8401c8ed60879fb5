/**
 * Measuring instruments of tests/bench/scale-out.ts (docs/scaling.md): who used the CPU during a load
 * measurement, read from /proc (Linux), and what requests left in PostgreSQL: table and index bytes, row
 * counts and WAL, attributed to one database with pg_waldump.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import type pg from "pg";

/** Jiffies per second of /proc's CPU times (getconf CLK_TCK; 100 on Linux x86-64). */
const TICKS_PER_SECOND = 100;

// ---- CPU: who used it during a measurement ------------------------------------------------------------

function processTicks(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return Number.NaN;
  }
}

/** A process and every descendant (Next.js may fork workers), from /proc's parent links. */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1)
    for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
  return tree;
}

function machineBusyTicks(): number {
  const [user, nice, system, , , irq, softirq] = fs
    .readFileSync("/proc/stat", "utf8")
    .split("\n")[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return user! + nice! + system! + irq! + softirq!;
}

export interface CpuSample {
  ticks: Map<string, number>;
  loadGeneratorMicros: number;
  machine: number;
  loadavg: number;
}

/** Groups: "server" (every instance), "postgres" (this database's backends), "pg-shared" (WAL writer, checkpointer, background writer). */
export async function sampleCpu(monitor: pg.Client, serverPids: number[]): Promise<CpuSample> {
  const { rows } = await monitor.query<{ pid: number; shared: boolean }>(
    `SELECT pid, backend_type IN ('walwriter', 'checkpointer', 'background writer') AS shared FROM pg_stat_activity
      WHERE (datname = current_database() AND pid <> pg_backend_pid()) OR backend_type IN ('walwriter', 'checkpointer', 'background writer')`,
  );
  const ticks = new Map<string, number>();
  for (const pid of serverPids.flatMap(processTree)) ticks.set(`server:${pid}`, processTicks(pid));
  for (const row of rows) ticks.set(`${row.shared ? "pg-shared" : "postgres"}:${row.pid}`, processTicks(row.pid));
  const usage = process.cpuUsage();
  return { ticks, loadGeneratorMicros: usage.user + usage.system, machine: machineBusyTicks(), loadavg: os.loadavg()[0]! };
}

export interface CpuSplit {
  /** CPU milliseconds per accepted request. */
  perRequestMs: Record<"server" | "postgres" | "pgShared" | "loadGenerator" | "others", number>;
  /** Cores busy on average during the measurement. */
  cores: Record<"server" | "postgres" | "pgShared" | "loadGenerator" | "others" | "machine", number>;
  loadavg: [number, number];
}

export function cpuSplit(before: CpuSample, after: CpuSample, requests: number, seconds: number): CpuSplit {
  const group = (prefix: string) => {
    let sum = 0;
    for (const [key, end] of after.ticks) {
      // A process that appeared during the measurement (a pool reopening connections it had closed while
      // idle: a new backend) spent all its CPU within it. One that ended before the last sample is missed.
      const start = before.ticks.get(key) ?? 0;
      if (key.startsWith(`${prefix}:`) && Number.isFinite(start) && Number.isFinite(end)) sum += end - start;
    }
    return (sum / TICKS_PER_SECOND) * 1000;
  };
  const ms = {
    server: group("server"),
    postgres: group("postgres"),
    pgShared: group("pg-shared"),
    loadGenerator: (after.loadGeneratorMicros - before.loadGeneratorMicros) / 1000,
  };
  const machine = ((after.machine - before.machine) / TICKS_PER_SECOND) * 1000;
  const others = Math.max(0, machine - ms.server - ms.postgres - ms.pgShared - ms.loadGenerator);
  const all = { ...ms, others };
  const per = (value: number) => value / Math.max(1, requests);
  const cores = (value: number) => value / 1000 / seconds;
  return {
    perRequestMs: Object.fromEntries(Object.entries(all).map(([key, value]) => [key, per(value)])) as CpuSplit["perRequestMs"],
    cores: {
      ...(Object.fromEntries(Object.entries(all).map(([key, value]) => [key, cores(value)])) as Omit<
        CpuSplit["cores"],
        "machine"
      >),
      machine: cores(machine),
    },
    loadavg: [before.loadavg, after.loadavg],
  };
}

// ---- What a request leaves in PostgreSQL --------------------------------------------------------------

export interface TableFootprint {
  rows: number;
  heapBytes: number;
  indexBytes: number;
  totalBytes: number;
  inserted: number;
  updated: number;
  hotUpdated: number;
  deleted: number;
}

export interface Footprint {
  lsn: string;
  tables: Record<string, TableFootprint>;
}

export async function footprint(client: pg.Client, tables: readonly string[]): Promise<Footprint> {
  const {
    rows: [wal],
  } = await client.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
  const result: Record<string, TableFootprint> = {};
  for (const table of tables) {
    const {
      rows: [row],
    } = await client.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM ${table}) AS rows, pg_relation_size($1::regclass) + coalesce(pg_total_relation_size(c.reltoastrelid), 0) AS heap,
              pg_indexes_size($1::regclass) AS indexes, pg_total_relation_size($1::regclass) AS total,
              s.n_tup_ins AS ins, s.n_tup_upd AS upd, s.n_tup_hot_upd AS hot, s.n_tup_del AS del
         FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.oid = $1::regclass`,
      [table],
    );
    result[table] = {
      rows: Number(row!.rows),
      heapBytes: Number(row!.heap),
      indexBytes: Number(row!.indexes),
      totalBytes: Number(row!.total),
      inserted: Number(row!.ins),
      updated: Number(row!.upd),
      hotUpdated: Number(row!.hot),
      deleted: Number(row!.del),
    };
  }
  return { lsn: wal!.lsn, tables: result };
}

export interface WalAttribution {
  /** Bytes of records that touch this database's relations, and the commits of their transactions. */
  mine: number;
  /** Of those, full-page images (the first change of a page after a checkpoint). */
  mineFullPages: number;
  /** Records of this database that carry a full-page image. */
  mineFullPageRecords: number;
  mineRecords: number;
  /** Records of other databases on the same server, and WAL of no database (checkpoints, running transactions). */
  others: number;
  byRelation: Record<string, number>;
}

/** Reads the WAL between two positions with pg_waldump and splits it by database and relation. */
export async function attributeWal(client: pg.Client, from: string, to: string): Promise<WalAttribution | undefined> {
  const {
    rows: [info],
  } = await client.query<{ oid: string; dir: string; bin: string }>(
    "SELECT (SELECT oid::text FROM pg_database WHERE datname = current_database()) AS oid, current_setting('data_directory') AS dir, current_setting('server_version_num') AS bin",
  );
  const walDir = path.join(info!.dir, "pg_wal");
  const major = Math.floor(Number(info!.bin) / 10000);
  const waldump = [`/usr/lib/postgresql/${major}/bin/pg_waldump`, "pg_waldump"].find(
    (candidate) => !candidate.startsWith("/") || fs.existsSync(candidate),
  )!;
  try {
    fs.accessSync(walDir, fs.constants.R_OK);
  } catch {
    return undefined;
  }
  const { rows: relations } = await client.query<{ node: string; name: string }>(
    "SELECT relfilenode::text AS node, relname AS name FROM pg_class WHERE relfilenode <> 0",
  );
  const names = new Map(relations.map((relation) => [relation.node, relation.name]));
  const mineXids = new Set<string>();
  const pendingCommits: { xid: string; bytes: number }[] = [];
  const result: WalAttribution = { mine: 0, mineFullPages: 0, mineFullPageRecords: 0, mineRecords: 0, others: 0, byRelation: {} };
  const child = spawn(waldump, ["-p", walDir, "-s", from, "-e", to], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  for await (const line of readline.createInterface({ input: child.stdout })) {
    const record = /^rmgr: (\S+)\s+len \(rec\/tot\):\s*(\d+)\/\s*(\d+), tx:\s*(\d+),/.exec(line);
    if (!record) continue;
    const [, rmgr, recordLength, totalLength, xid] = record as unknown as [string, string, string, string, string];
    const bytes = Number(totalLength);
    const blocks = [...line.matchAll(/blkref #\d+: rel (\d+)\/(\d+)\/(\d+)/g)];
    const database = blocks[0]?.[2];
    if (database === info!.oid) {
      mineXids.add(xid);
      result.mine += bytes;
      result.mineRecords += 1;
      if (/ FPW/.test(line)) {
        result.mineFullPages += bytes - Number(recordLength);
        result.mineFullPageRecords += 1;
      }
      const relation = names.get(blocks[0]![3]!) ?? `relfilenode ${blocks[0]![3]}`;
      result.byRelation[relation] = (result.byRelation[relation] ?? 0) + bytes;
    } else if (!database && rmgr === "Transaction" && xid !== "0") {
      pendingCommits.push({ xid, bytes });
    } else {
      result.others += bytes;
    }
  }
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  // pg_waldump reports the end of the WAL written so far as an error; anything else means no attribution.
  if (code !== 0 && !/invalid record length|end of WAL|could not find a valid record/i.test(stderr)) {
    process.stderr.write(`pg_waldump failed (${code}): ${stderr.trim().slice(0, 300)}\n`);
    return undefined;
  }
  for (const commit of pendingCommits) {
    if (mineXids.has(commit.xid)) {
      result.mine += commit.bytes;
      result.byRelation["(commit records)"] = (result.byRelation["(commit records)"] ?? 0) + commit.bytes;
    } else result.others += commit.bytes;
  }
  return result;
}
