// Not part of `npm run bench`: the peak RSS of a fresh production server exporting every lead of an already
// seeded database (`npm run seed`), as the bench measures it, without the rest of the run. Extra arguments
// KEY=VALUE go into the server's environment (e.g. NODE_OPTIONS=--max-semi-space-size=8).
// DATABASE_URL=... [EXPORT_FORMAT=xlsx] npx tsx tests/bench/export-rss-probe.ts <slug> <email> <password> [KEY=VALUE env ...]
import { startServer, tempDataDir } from "../e2e/support/server";
import { measureExport, signIn } from "./admin-timing";
import { type BenchServer, residentMegabytes } from "./servers";

const [slug, email, password, ...extra] = process.argv.slice(2);
const env: Record<string, string> = { LOG_LEVEL: "warn", DATABASE_URL: process.env.DATABASE_URL! };
for (const pair of extra) env[pair.slice(0, pair.indexOf("="))] = pair.slice(pair.indexOf("=") + 1);
const running = await startServer({ dataDir: tempDataDir(), env });
const server = { ...running, cliEnv: {} } as BenchServer;
try {
  const started = residentMegabytes(running.child.pid!);
  const cookie = await signIn(server, email!, password!);
  const format = process.env.EXPORT_FORMAT ? `?format=${encodeURIComponent(process.env.EXPORT_FORMAT)}` : "";
  const result = await measureExport(server, `${server.url}/w/${slug}/leads/export${format}`, cookie);
  console.log(
    JSON.stringify({ env: extra, rssStartedMb: Math.round(started), ...result, rowsPerSecond: Math.round(result.rowsPerSecond) }),
  );
} finally {
  await server.stop();
}
