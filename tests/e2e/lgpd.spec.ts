// Issue 13 in the browser: consent on the lead page, "Download personal data", erase with confirmation, and
// the audit log that owners see and members do not (their nav has no entry and the page is a 404).
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, signIn, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

/** Screenshots at a phone's 390 px and a desktop's 1440 px; neither may scroll sideways. */
async function shots(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await screenshot(page, `${name}-${width}`);
  }
}

async function ingest(request: APIRequestContext, token: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await request.post(`/ingest/${token}`, { data: body, headers });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { leadId: string }).leadId;
}

test("consent shows per purpose with its history; personal data downloads; erasing asks first and leaves no personal data", async ({
  signedInPage: page,
  workspace,
  leadlink,
  request,
}) => {
  const link = await leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Consent landing",
    "--require-consent",
  ]);
  // The link requires consent: without it, 422 with an error on consent.
  const refused = await request.post(`/ingest/${link.token}`, { data: { email: "no.consent@example.com" } });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual(["consent"]);

  const email = `beatriz.${workspace.slug}@example.com`;
  const leadId = await ingest(
    request,
    link.token,
    {
      name: "Beatriz Lima",
      email,
      telephone: "(21) 99876-5432",
      consent: {
        granted: true,
        text: "Quero receber novidades por email e WhatsApp.",
        version: "2026-01",
        purposes: ["email", "whatsapp"],
      },
    },
    { referer: "https://landing.example.com/oferta", "user-agent": "LandingPage/1.0 (e2e)" },
  );
  // A preferences page (a link that does not require consent) records the withdrawal for one purpose.
  const preferences = await leadlinkCli<{ token: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Preferences",
  ]);
  await ingest(request, preferences.token, { email, consent: { granted: false, version: "2026-02", purposes: ["whatsapp"] } });

  await page.goto(`/w/${workspace.slug}/leads/${leadId}`);
  await expect(page.getByTestId("lead-title")).toHaveText("Beatriz Lima");
  const current = page.getByTestId("consent-current");
  await expect(current.getByRole("listitem").filter({ hasText: "email" })).toContainText("Granted");
  await expect(current.getByRole("listitem").filter({ hasText: "whatsapp" })).toContainText("Refused");
  await page.getByText("History (2 records)").click();
  await expect(page.getByTestId("consent-history")).toContainText("Quero receber novidades por email e WhatsApp.");
  await expect(page.getByTestId("consent-history")).toContainText("https://landing.example.com/oferta");
  await shots(page, "lgpd-lead-consent");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download personal data" }).click();
  const download = await downloading;
  const document = JSON.parse(await readFile((await download.path())!, "utf8")) as {
    leads: { id: string; email: string }[];
    submissions: { payload: { email?: string } }[];
    consentRecords: unknown[];
  };
  expect(document.leads).toMatchObject([{ id: leadId, email }]);
  expect(document.submissions).toHaveLength(2);
  expect(document.consentRecords).toHaveLength(2);

  // Erase: a confirmation first; cancelling changes nothing.
  await page.getByRole("button", { name: "Erase lead" }).click();
  const dialog = page.getByRole("dialog", { name: "Erase this lead’s personal data?" });
  await expect(dialog).toBeVisible();
  await screenshot(page, "lgpd-erase-confirmation");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("lead-title")).toHaveText("Beatriz Lima");
  await page.getByRole("button", { name: "Erase lead" }).click();
  await dialog.getByRole("button", { name: "Erase for good" }).click();
  await expect(page.getByTestId("lead-title")).toHaveText("Erased lead");
  await expect(page.getByTestId("lead-erased")).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expect(page.getByText("Beatriz Lima")).toHaveCount(0);

  // An erased lead is no lead any more (DESIGN.md section 13): its id answers with when it was erased, nothing else.
  const lead = await leadlinkCli<Record<string, unknown>>(leadlink.dataDir, [
    "lead",
    "get",
    "--workspace",
    workspace.slug,
    "--id",
    leadId,
  ]);
  expect(lead).toEqual({ id: leadId, erasedAt: expect.any(String) });
});

test("the audit log is the owners': entries with who, when and what; a member has no entry in the nav and gets 404", async ({
  signedInPage: page,
  workspace,
  leadlink,
  browser,
}) => {
  const link = await leadlinkCli<{ id: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Audited",
  ]);
  const member = { email: `member-${workspace.slug}@example.com`, password: "member password" };
  await page.goto(`/w/${workspace.slug}/members`);
  await page.getByRole("radio", { name: /New account/ }).check();
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Create account and add" }).click();
  await expect(page.getByRole("status")).toContainText("as member");

  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${workspace.slug}/audit$`));
  const entries = page.getByTestId("audit-entries");
  await expect(entries.locator('[data-action="member.added"]')).toBeVisible();
  await expect(entries.locator('[data-action="auth.sign_in"]').first()).toBeVisible();
  // Entries name what they are about (the link by name, linking to its page; the new member by email), not ids.
  await expect(entries.getByRole("link", { name: "“Audited”" })).toHaveAttribute("href", `/w/${workspace.slug}/links/${link.id}`);
  await expect(entries).toContainText(`“${member.email}”`);
  await expect(entries).toContainText(workspace.email);
  await shots(page, "lgpd-audit");

  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Privacy" }).click();
  await page.getByLabel("Payloads of rejected requests").fill("14");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await shots(page, "lgpd-privacy-settings");

  const context = await browser.newContext({ baseURL: leadlink.url });
  await signIn(context, leadlink.url, member.email, member.password);
  const view = await context.newPage();
  await view.goto(`/w/${workspace.slug}/leads`);
  const nav = view.getByRole("navigation", { name: "Workspace" });
  await expect(nav.getByRole("link", { name: "Leads" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Privacy" })).toHaveCount(0);
  expect((await view.goto(`/w/${workspace.slug}/audit`))?.status()).toBe(404);
  expect((await view.goto(`/w/${workspace.slug}/settings/privacy`))?.status()).toBe(404);
  await context.close();
});
