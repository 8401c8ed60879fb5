import { log } from "@/lib/log";
import type { Database } from "./client";

/** The tables every ingest request writes, and whose statements are prepared once per process. */
const HOT_TABLES = ["leads", "submissions", "capture_link_stats", "idempotency_keys"];
const FIRST_RUN_MS = 15_000;
const INTERVAL_MS = 5 * 60_000;

/**
 * The embedded database runs PostgreSQL in single-user mode: there is no autovacuum, so without this
 * its tables would never be analysed nor vacuumed. Never-analysed tables cost twice: the planner guesses
 * (a prepared ingest statement planned while the tables were small walked every lead of the workspace
 * instead of probing a unique index, slower with every lead), and dead row versions from updates pile up.
 * VACUUM (ANALYZE) after the first seconds of serving and then every few minutes does what autovacuum
 * does in server mode; ANALYZE also invalidates the cached plans, so they are made again with statistics.
 * Returns a function that stops it and waits for a run in progress (called before the database closes).
 */
export function startEmbeddedMaintenance(database: Database): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= (async () => {
      try {
        await maintainEmbeddedDatabase(database);
      } catch (error) {
        log.warn({ err: error }, "embedded database maintenance (VACUUM ANALYZE) failed; it is retried later");
      } finally {
        running = undefined;
      }
    })();
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const every = setInterval(run, INTERVAL_MS);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}

/** One maintenance run: vacuums and analyses the hot tables. */
export async function maintainEmbeddedDatabase(database: Database): Promise<void> {
  await database.exclusive((session) => session.exec(`VACUUM (ANALYZE) ${HOT_TABLES.join(", ")}`));
}
