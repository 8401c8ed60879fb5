#!/usr/bin/env node
// `npm start`: works from a fresh clone right after `npm install`. Generates the Prisma client when it
// is missing, builds for production when the sources changed since the last build (a hash stamped into
// .next; see build-if-stale.mjs), then runs the production server. To serve the build in .next as it
// is, without checking it, run `node scripts/server.mjs`.
import { buildIfStale } from "./build-if-stale.mjs";
import { startServer } from "./server.mjs";

process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const parent = process.ppid;

try {
  buildIfStale();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const running = await startServer();

// `npm start` runs this file through `sh -c`, and on SIGTERM (`docker stop`, systemd) npm signals that
// shell, which exits without passing the signal on: this process would be orphaned, still serving and
// holding DATA_DIR. Being re-parented is the only sign it gets, so it then stops as it would on SIGTERM
// (without cutting requests short when a signal of its own, such as Ctrl-C's SIGINT, is already being handled).
if (process.env.npm_lifecycle_event === "start") {
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    void running.shutdown("lost its parent process (npm was stopped)");
  }, 500);
  watch.unref();
}
