// Security 3 (sign-out does not end the session): a session cookie copied before sign-out, a password
// change or a reset no longer opens the leads page (redirect to sign-in) nor the CSV export (401) afterwards.
import type { Browser, BrowserContext } from "@playwright/test";
import { expect, signIn, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

/** A fresh browser holding only `cookies`: someone who copied them. */
async function replay(browser: Browser, baseURL: string, cookies: Cookies): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies(cookies);
  return context;
}

async function expectSignedOut(context: BrowserContext, slug: string) {
  const page = await context.newPage();
  await page.goto(`/w/${slug}/leads`);
  await expect(page).toHaveURL(new RegExp(`/signin\\?callbackUrl=${encodeURIComponent(`/w/${slug}/leads`)}$`));
  const exported = await context.request.get(`/w/${slug}/leads/export`, { maxRedirects: 0 });
  expect(exported.status()).toBe(401);
  await page.close();
}

async function expectSignedIn(context: BrowserContext, slug: string) {
  const page = await context.newPage();
  await page.goto(`/w/${slug}/leads`);
  await expect(page).toHaveURL(new RegExp(`/w/${slug}/leads$`));
  expect((await context.request.get(`/w/${slug}/leads/export`)).status()).toBe(200);
  await page.close();
}

test("a cookie copied before sign-out opens nothing after it", async ({ signedInPage: page, workspace, browser, baseURL }) => {
  await page.goto(`/w/${workspace.slug}/leads`);
  const copied = await page.context().cookies();
  const thief = await replay(browser, baseURL!, copied);
  await expectSignedIn(thief, workspace.slug);

  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page).toHaveURL(/\/signin$/);
  await expectSignedOut(thief, workspace.slug);
  // The session endpoint says so too.
  expect(await (await thief.request.get("/api/auth/session")).json()).not.toHaveProperty("user");
  await thief.close();
});

test("changing one's password keeps this browser signed in and signs out every other; the new password works", async ({
  signedInPage: page,
  workspace,
  browser,
  baseURL,
}) => {
  const laptop = await browser.newContext({ baseURL });
  await signIn(laptop, baseURL!, workspace.email, workspace.password);
  await expectSignedIn(laptop, workspace.slug);

  await page.goto(`/w/${workspace.slug}`);
  await page
    .getByRole("link", { name: /account/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByLabel("Current password").fill("not my password");
  await page.getByLabel("New password", { exact: true }).fill("my brand new password");
  await page.getByLabel("Repeat the new password").fill("my brand new password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("#currentPassword-error")).toContainText("not your current password");

  await page.getByLabel("Current password").fill(workspace.password);
  await page.getByLabel("New password", { exact: true }).fill("my brand new password");
  await page.getByLabel("Repeat the new password").fill("my brand new passwort");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("#repeatPassword-error")).toBeVisible();

  await page.getByLabel("Current password").fill(workspace.password);
  await page.getByLabel("New password", { exact: true }).fill("my brand new password");
  await page.getByLabel("Repeat the new password").fill("my brand new password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("Password changed");
  await expect(page.getByRole("status")).toContainText("1 other session was signed out");

  await expectSignedIn(page.context(), workspace.slug);
  await expectSignedOut(laptop, workspace.slug);
  await laptop.close();

  const again = await browser.newContext({ baseURL });
  await expect(signIn(again, baseURL!, workspace.email, workspace.password)).rejects.toThrow();
  await signIn(again, baseURL!, workspace.email, "my brand new password");
  await expectSignedIn(again, workspace.slug);
  await again.close();
});

test("an owner resets a member's password: the member's sessions end and the new password signs in", async ({
  signedInPage: page,
  workspace,
  browser,
  baseURL,
  leadlink,
}) => {
  const member = { email: `reset-${workspace.slug}@example.com`, password: "member password" };
  await leadlinkCli(leadlink.dataDir, [
    "user",
    "create",
    "--email",
    member.email,
    "--password",
    member.password,
    "--name",
    "Rita Reset",
  ]);
  await page.goto(`/w/${workspace.slug}/members`);
  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByRole("status").first()).toContainText(`Added ${member.email}`);

  const memberBrowser = await browser.newContext({ baseURL });
  await signIn(memberBrowser, baseURL!, member.email, member.password);
  await expectSignedIn(memberBrowser, workspace.slug);

  const row = page.locator(`[data-email="${member.email}"]`);
  await row.getByRole("button", { name: "Reset password" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset the password of Rita Reset?" });
  await dialog.getByLabel("New password").fill("short");
  await dialog.getByRole("button", { name: "Reset password" }).click();
  await expect(dialog.getByRole("alert")).toContainText("at least 8");
  await dialog.getByLabel("New password").fill("a password from the owner");
  await dialog.getByRole("button", { name: "Reset password" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("status")).toContainText("Password reset");

  await expectSignedOut(memberBrowser, workspace.slug);
  await memberBrowser.close();
  const fresh = await browser.newContext({ baseURL });
  await signIn(fresh, baseURL!, member.email, "a password from the owner");
  await expectSignedIn(fresh, workspace.slug);
  await fresh.close();
  // The owner resets no one's password from here but others': not their own.
  await expect(page.locator(`[data-email="${workspace.email}"]`).getByRole("button", { name: "Reset password" })).toHaveCount(0);
});

test("`user set-password` on the command line signs the user out everywhere", async ({
  signedInPage: page,
  workspace,
  leadlink,
  browser,
  baseURL,
}) => {
  await page.goto(`/w/${workspace.slug}/leads`);
  const copied = await page.context().cookies();
  await leadlinkCli(leadlink.dataDir, ["user", "set-password", "--email", workspace.email, "--password", "set from the shell"]);
  const thief = await replay(browser, baseURL!, copied);
  await expectSignedOut(thief, workspace.slug);
  await thief.close();
  await signIn(page.context(), baseURL!, workspace.email, "set from the shell");
  await expectSignedIn(page.context(), workspace.slug);
});
