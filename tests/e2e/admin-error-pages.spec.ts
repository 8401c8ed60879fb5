// Issue 9, new-user items 9 and 10: our own styled 404 for unknown and foreign workspaces (the same page,
// status 404) and, within the workspace's navigation, for a member opening an owners-and-admins page;
// our own error page when the database is down, with a retry that works once it is back; /problems pages
// render code as code; /favicon.ico is an icon.
import { randomBytes } from "node:crypto";
import { expect as baseExpect, test as baseTest } from "@playwright/test";
import { expect, seedWorkspace, signIn, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";
import { type RunningServer, removeDataDir, startServer, stopAll, tempDataDir } from "./support/server";
import {
  createThrowawayPostgres,
  POSTGRES_BIN,
  postgresBinariesPresent,
  type ThrowawayPostgres,
} from "./support/throwaway-postgres";

test("an unknown workspace and another team's workspace answer the same styled 404", async ({ signedInPage: page, leadlink }) => {
  const other = await seedWorkspace(leadlink.dataDir, { name: "Someone else" });
  for (const path of [
    `/w/${other.slug}`,
    `/w/${other.slug}/leads`,
    `/w/no-such-workspace-${randomBytes(3).toString("hex")}/members`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByTestId("status-page")).toContainText("Page not found");
    await expect(page.getByRole("link", { name: "Go to your workspace" })).toHaveAttribute("href", "/");
    await expect(page.getByText("Someone else")).toHaveCount(0);
  }
  expect((await page.goto("/no/such/page"))?.status()).toBe(404);
  await expect(page.getByTestId("status-page")).toContainText("Page not found");
});

test("a member opening a page for owners and admins gets the 404 within the workspace's navigation", async ({
  signedInPage: page,
  workspace,
  leadlink,
  browser,
  baseURL,
}) => {
  const member = { email: `member-${randomBytes(4).toString("hex")}@example.com`, password: "member password" };
  await leadlinkCli(leadlink.dataDir, [
    "user",
    "create",
    "--email",
    member.email,
    "--password",
    member.password,
    "--name",
    "Mia Member",
  ]);
  await page.goto(`/w/${workspace.slug}/members`);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Role").selectOption("member");
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByRole("status")).toContainText(`Added ${member.email} as member`);

  const context = await browser.newContext({ baseURL });
  await signIn(context, baseURL!, member.email, member.password);
  const view = await context.newPage();
  const response = await view.goto(`/w/${workspace.slug}/links/new`);
  expect(response?.status()).toBe(404);
  await expect(view.getByTestId("status-page")).toContainText("Page not found");
  await expect(view.getByRole("navigation", { name: "Workspace" })).toBeVisible();
  await expect(view.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", `/w/${workspace.slug}`);
  await context.close();
});

test("/problems pages show code as code, and /favicon.ico is an icon", async ({ page, request }) => {
  await page.goto("/problems/validation_failed");
  await expect(page.getByTestId("problem-summary").locator("code")).toHaveText("errors");
  expect(await page.locator("main").textContent()).not.toContain("`");
  await page.goto("/problems/rate_limited");
  await expect(page.getByTestId("problem-fix").locator("code")).toHaveText("Retry-After");

  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  await page.goto("/signin");
  const svgIcon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href");
  expect((await request.get(svgIcon!)).headers()["content-type"]).toContain("image/svg+xml");
});

baseTest.describe("with the database down", () => {
  baseTest.skip(!postgresBinariesPresent(), `needs PostgreSQL 15's server binaries (initdb, pg_ctl) in ${POSTGRES_BIN}`);
  let cluster: ThrowawayPostgres | undefined;
  let server: RunningServer | undefined;
  let dataDir: string | undefined;

  baseTest.afterAll(async () => {
    await stopAll([server]);
    await cluster?.remove();
    if (dataDir) removeDataDir(dataDir);
  });

  baseTest("admin pages show our error page, and Try again works once PostgreSQL is back", async ({ browser }) => {
    baseTest.setTimeout(180_000);
    cluster = await createThrowawayPostgres();
    dataDir = tempDataDir();
    const suffix = randomBytes(4).toString("hex");
    const owner = { email: `owner-${suffix}@example.com`, password: `password-${suffix}` };
    await leadlinkCli(dataDir, ["user", "create", "--email", owner.email, "--password", owner.password], {
      databaseUrl: cluster.url,
    });
    const workspace = await leadlinkCli<{ slug: string }>(
      dataDir,
      ["workspace", "create", "--name", `Outage ${suffix}`, "--owner", owner.email],
      { databaseUrl: cluster.url },
    );
    server = await startServer({ dataDir, env: { DATABASE_URL: cluster.url, REDIS_URL: undefined } });

    const context = await browser.newContext({ baseURL: server.url });
    await signIn(context, server.url, owner.email, owner.password);
    const page = await context.newPage();
    await page.goto(`/w/${workspace.slug}`);
    await baseExpect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

    await cluster.stop("fast");
    const response = await page.goto(`/w/${workspace.slug}/leads`);
    baseExpect(response?.status()).toBeGreaterThanOrEqual(500);
    await baseExpect(page.getByTestId("status-page")).toContainText("could not load this page");
    await baseExpect(page.getByText("Application error")).toHaveCount(0);
    await baseExpect(page).toHaveTitle(/Leadlink/);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 844 });
      await screenshot(page, `database-down-${width}`);
      baseExpect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    await cluster.start();
    await baseExpect(async () => {
      if (await page.getByTestId("status-page").isVisible()) await page.getByRole("button", { name: "Try again" }).click();
      await baseExpect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await context.close();
  });
});
