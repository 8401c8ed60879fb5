import { test as base, expect } from "@playwright/test";
import { type RunningServer, removeDataDir, startServer, tempDataDir } from "./server";

/**
 * `test` with a production server per worker (embedded database in a fresh DATA_DIR), and `baseURL`
 * pointing at it, so `page.goto("/")` and `request.get("/api/health")` reach it. Specs seed their own
 * workspace per test (leadlinkCli) and so share the worker's server safely.
 */
export const test = base.extend<object, { leadlink: RunningServer }>({
  leadlink: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = tempDataDir();
      const server = await startServer({ dataDir });
      try {
        await use(server);
      } finally {
        await server.stop();
        removeDataDir(dataDir);
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ leadlink }, use) => use(leadlink.url),
});

export { expect };
