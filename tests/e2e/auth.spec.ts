import { expect, test } from "@playwright/test";
import { seedWorkspace } from "./support/admin";
import { type RunningServer, removeDataDir, startServer, tempDataDir } from "./support/server";

// Setup only exists before the first user, so this file runs its own server with an empty database.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ dataDir: tempDataDir() });
});
test.afterAll(async () => {
  await server?.stop();
  removeDataDir(server.dataDir);
});
test.describe.configure({ mode: "serial" });

test("first run: setup creates the owner and the workspace, signs in, and never shows again", async ({ page }) => {
  await page.goto(`${server.url}/`);
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { name: "Welcome to Leadlink" })).toBeVisible();

  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("short");
  await page.getByLabel("Workspace name").fill("Acme Brasil");
  await page.getByRole("button", { name: "Create account and workspace" }).click();
  await expect(page.locator("#email-error")).toContainText("valid email");
  await expect(page.locator("#password-error")).toContainText("at least 8");

  await page.getByLabel("Your name").fill("Olivia Owner");
  await page.getByLabel("Email").fill("Olivia@Example.com");
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account and workspace" }).click();
  await expect(page).toHaveURL(/\/w\/acme-brasil$/);
  await expect(page.getByTestId("workspace-name")).toHaveText("Acme Brasil");

  await page.goto(`${server.url}/setup`);
  await expect(page).toHaveURL(/\/signin$|\/w\/acme-brasil$|\/$/);
  await expect(page.getByRole("heading", { name: "Welcome to Leadlink" })).toHaveCount(0);
});

test("sign in with a wrong password fails; the right one opens the workspace; sign out ends the session", async ({ page }) => {
  const owner = await seedWorkspace(server.dataDir, { name: "Sign In Test" });
  await page.goto(`${server.url}/w/${owner.slug}`);
  await expect(page).toHaveURL(/\/signin/);

  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong email or password.")).toBeVisible();

  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${owner.slug}`));
  const cookies = await page.context().cookies(server.url);
  const session = cookies.find((cookie) => cookie.name.endsWith("next-auth.session-token"));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");

  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto(`${server.url}/w/${owner.slug}`);
  await expect(page).toHaveURL(/\/signin/);
});
