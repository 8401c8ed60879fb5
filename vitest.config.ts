import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const alias = { "@": root };

// Integration tests run once per database: always on in-memory PGlite, and on PostgreSQL as well
// when TEST_DATABASE_URL names a server where the tests may create and drop databases.
const databases = ["embedded", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on CI's two cores, while most of an
    // integration test's time is spent waiting on PostgreSQL, a child process or a local server. Two files at a time.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      ...databases.map((database) => ({
        resolve: { alias },
        test: {
          name: `integration:${database}`,
          include: ["tests/integration/**/*.test.ts"],
          // Next's modules need AsyncLocalStorage on globalThis before they load, as Next's server provides it;
          // a setup file runs before each test file's imports, whatever order a formatter gives them.
          setupFiles: [path.join(root, "tests/support/next-request-globals.ts")],
          globalSetup: database === "embedded" ? [path.join(root, "tests/support/global-setup.ts")] : [],
          env: { LEADLINK_TEST_DB: database, NODE_ENV: "test" as const },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
