import { defineConfig } from "@playwright/test";

// Browsers cannot be downloaded here (nor on CI): the tests drive Debian's Chromium
// (`apt-get install chromium`; .ci/run installs it).
const CHROMIUM = "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  // Every spec starts its own production server (tests/e2e/support/server.ts); on two shared cores
  // a cold start with a fresh embedded database takes seconds, so time limits are generous.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 2,
  forbidOnly: !!process.env.CI,
  // On CI, a test that fails is run once more: the machine is shared and timing specs (restarts, kill -9, load)
  // stretch under load. A test that passes only on its retry is reported as flaky in the run's JSON.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
      ],
    },
    trace: "retain-on-failure",
  },
});
