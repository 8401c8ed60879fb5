import { buildIfStale } from "../../../scripts/build-if-stale.mjs";
import { MIGRATED_TEMPLATE_ENV, removeDataDir, startServer, tempDataDir } from "./server";

/**
 * The suite runs against the production build, like `npm start`: build once here when the sources
 * changed since the last build, so the server processes the tests start all serve the same build.
 * Then one server migrates an embedded database and stops: each spec's server starts on a copy of it
 * (tempDataDir), which skips the migrations every fresh directory would apply. Removed after the run.
 */
export default async function globalSetup(): Promise<() => void> {
  buildIfStale();
  const template = tempDataDir({ empty: true });
  const server = await startServer({ dataDir: template });
  const code = await server.stop();
  if (code !== 0)
    throw new Error(`The server that migrates the suite's template database exited with ${code}.\n${server.stderr()}`);
  process.env[MIGRATED_TEMPLATE_ENV] = template;
  return () => removeDataDir(template);
}
