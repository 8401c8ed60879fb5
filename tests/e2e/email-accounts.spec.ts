// Issue 14 item 4 in a browser, against a real SMTP server: an owner invites someone by email, the invitation
// arrives over SMTP, its link creates the account, and the new member signs in; "Forgot password?" sends a
// reset link that sets a new password and ends the session that was open elsewhere. Plus the notifications
// page at 390 and 1440 px.
import type { BrowserContext } from "@playwright/test";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server";
import { type SeededWorkspace, seedWorkspace, signIn } from "./support/admin";
import { test as base, expect } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { type RunningServer, removeDataDir, startServer, tempDataDir } from "./support/server";

// A server of its own: email is configured when the process starts.
const test = base.extend<object, { smtp: SmtpTestServer; leadlink: RunningServer }>({
  smtp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const smtp = await startSmtpServer();
      await use(smtp);
      await smtp.close();
    },
    { scope: "worker" },
  ],
  leadlink: [
    async ({ smtp }, use) => {
      const dataDir = tempDataDir();
      const server = await startServer({ dataDir, env: { SMTP_URL: smtp.url(), MAIL_FROM: "Leadlink <leads@leadlink.test>" } });
      try {
        await use(server);
      } finally {
        await server.stop();
        removeDataDir(dataDir);
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

/** The path of the link in the latest email to `address` (the host is PUBLIC_BASE_URL's, not the test server's). */
async function linkPath(smtp: SmtpTestServer, address: string, prefix: string): Promise<string> {
  const [mail] = await smtp.waitFor(address);
  const match = new RegExp(`https?://[^/\\s]+(/${prefix}/[A-Za-z0-9_-]+)`).exec(mail!.parsed.text ?? "");
  expect(match, mail!.parsed.text).not.toBeNull();
  return match![1]!;
}

async function signInWithForm(context: BrowserContext, email: string, password: string) {
  const page = await context.newPage();
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/w\/[^/]+$/);
  return page;
}

test("an invitation received over SMTP is accepted and the new member signs in", async ({ leadlink, smtp, browser, baseURL }) => {
  const owner: SeededWorkspace = await seedWorkspace(leadlink.dataDir);
  const context = await browser.newContext({ baseURL });
  await signIn(context, baseURL!, owner.email, owner.password);
  const page = await context.newPage();
  await page.goto(`/w/${owner.slug}/members`);
  const invitee = `invitee-${Date.now()}@example.com`;
  const form = page.getByTestId("invite-form");
  await form.getByLabel("Email").fill(invitee);
  await form.getByLabel("Name (optional)").fill("Bia Invited");
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(form.getByRole("status")).toContainText(`Invitation sent to ${invitee}`);

  const path = await linkPath(smtp, invitee, "invite");
  const guest = await browser.newContext({ baseURL });
  const accept = await guest.newPage();
  await accept.goto(path);
  await expect(accept.getByRole("heading", { name: `Join ${owner.name}` })).toBeVisible();
  await expect(accept.getByLabel("Your name")).toHaveValue("Bia Invited");
  await accept.getByLabel("New password").fill("invited password 1");
  await accept.getByRole("button", { name: "Create account and join" }).click();
  await expect(accept).toHaveURL(/\/signin\?invited=/);

  const member = await signInWithForm(guest, invitee, "invited password 1");
  await expect(member).toHaveURL(new RegExp(`/w/${owner.slug}$`));
  // The link worked once.
  await accept.goto(path);
  await expect(accept.getByRole("heading", { name: "This invitation no longer works" })).toBeVisible();
  await context.close();
  await guest.close();
});

test("forgot password: the reset link sets a new password and ends the other session", async ({
  leadlink,
  smtp,
  browser,
  baseURL,
}) => {
  const owner = await seedWorkspace(leadlink.dataDir);
  const laptop = await browser.newContext({ baseURL });
  await signIn(laptop, baseURL!, owner.email, owner.password);

  const phone = await browser.newContext({ baseURL });
  const page = await phone.newPage();
  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByText("If this address has a Leadlink account")).toBeVisible();

  await page.goto(await linkPath(smtp, owner.email, "reset-password"));
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/signin\?reset=1$/);
  await expect(page.getByText("Password changed")).toBeVisible();

  // The laptop's session ended with the reset.
  const old = await laptop.newPage();
  await old.goto(`/w/${owner.slug}/leads`);
  await expect(old).toHaveURL(/\/signin\?callbackUrl=/);
  await signInWithForm(phone, owner.email, "a brand new password");
  await laptop.close();
  await phone.close();
});

test("the notifications page saves a member's choice (390 and 1440 px)", async ({ leadlink, browser, baseURL }) => {
  const owner = await seedWorkspace(leadlink.dataDir);
  for (const width of [390, 1440]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    await signIn(context, baseURL!, owner.email, owner.password);
    const page = await context.newPage();
    await page.goto(`/w/${owner.slug}`);
    // On a phone the sections are behind the Menu button.
    if (width < 768) await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("link", { name: "Notifications" }).click();
    await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
    await page.getByLabel(/Daily digest/).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toContainText("you get a daily digest");
    await page.reload();
    await expect(page.getByLabel(/Daily digest/)).toBeChecked();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await screenshot(page, `email-notifications-${width}`);
    await context.close();
  }
});
