// Issue 24: every page and meaningful page state passes axe-core's WCAG 2.1 A and AA rules with no violation of
// impact serious or critical, in English and in Portuguese, at 1440 px; the admin and sign-in pages start with a
// skip link to their content. One server (with an SMTP server, for the invitation's and the reset's links) and one
// seeded workspace; the language changes with the owner's choice on the account page (signed in) or with the
// browser's (signed out).

import type { Browser, Page } from "@playwright/test";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server";
import { seedWorkspace, signIn } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { leadlinkCli } from "./support/cli";
import { test as base, expect } from "./support/fixtures";
import { type RunningServer, removeDataDir, startServer, tempDataDir } from "./support/server";

/** One seeded workspace per worker: what the admin pages show, and the links of the invitation and reset emails. */
interface Seeded {
  slug: string;
  email: string;
  password: string;
  linkId: string;
  webhookId: string;
  leadId: string;
  invitationPath: string;
  resetPath: string;
}

const test = base.extend<object, { smtp: SmtpTestServer; leadlink: RunningServer; seeded: Seeded }>({
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
  seeded: [
    async ({ leadlink, smtp, browser }, use) => {
      // One workspace with something on every page: a command-line call costs seconds here, so the rest goes
      // through the management API.
      const workspace = await seedWorkspace(leadlink.dataDir, { name: "Acme Acessível" });
      const slug = workspace.slug;
      const base = `/w/${slug}`;
      const cli = <T>(args: string[]) => leadlinkCli<T>(leadlink.dataDir, args);
      const colleague = { email: "eva@example.com", password: "eva password 1" };
      const [key] = await Promise.all([
        cli<{ token: string }>(["apikey", "create", "--workspace", slug, "--name", "Zapier", "--scope", "write"]),
        cli(["user", "create", "--email", colleague.email, "--password", colleague.password, "--name", "Eva Existing"]),
      ]);
      const call = async <T>(
        path: string,
        data: object,
        headers: Record<string, string> = { Authorization: `Bearer ${key.token}` },
      ) => {
        const response = await fetch(`${leadlink.url}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...headers },
          body: JSON.stringify(data),
        });
        return { status: response.status, body: (await response.json()) as T };
      };
      const created = <T>(path: string, data: object) =>
        call<T>(path, data).then((response) => {
          expect(response.status, `POST ${path}: ${JSON.stringify(response.body)}`).toBe(201);
          return response.body;
        });
      const [link, , , , webhook] = await Promise.all([
        created<{ id: string; token: string }>("/api/v1/links", {
          name: "Spring landing page",
          allowedOrigins: ["https://www.example.com"],
        }),
        created("/api/v1/links", { name: "Old campaign" }),
        created("/api/v1/fields", { name: "company_size", label: "Company size", type: "select", options: ["Small", "Large"] }),
        created("/api/v1/fields", { name: "budget", label: "Monthly budget", type: "number" }),
        // Created before the leads: their lead.created messages are its deliveries.
        created<{ id: string }>("/api/v1/webhooks", { url: "https://crm.example.com/leadlink" }),
      ]);
      const ingest = (data: object, headers: Record<string, string> = {}) =>
        call<{ leadId?: string }>(`/ingest/${link.token}`, data, headers);
      const first = await ingest({
        name: "Ana Beatriz Souza",
        email: "ana@example.com",
        telephone: "(11) 98765-4321",
        utmSource: "google",
        customFields: { company_size: "Large", budget: 12500 },
        consent: {
          granted: true,
          text: "I agree to be contacted.",
          version: "v1",
          legalBasis: "consent",
          purposes: ["marketing"],
        },
      });
      expect(first.status).toBe(201);
      const leadId = first.body.leadId!;
      expect((await ingest({ email: "ana@example.com", city: "Recife" })).status).toBe(200);
      expect((await ingest({ name: "Bruno Lima", email: "bruno@example.com", utmSource: "facebook" })).status).toBe(201);
      expect((await ingest({ email: "not-an-email" })).status).toBe(422);
      expect((await ingest({ email: "elsewhere@example.com" }, { Origin: "https://elsewhere.example.net" })).status).toBe(403);

      const owner = await browser.newContext({ baseURL: leadlink.url, viewport: VIEWPORT });
      await signIn(owner, leadlink.url, workspace.email, workspace.password);
      const page = await owner.newPage();

      // A member, an invitation (its email holds the acceptance page's link), a note: through the admin, as people do.
      await page.goto(`${base}/members`);
      await page.locator("#email").fill(colleague.email);
      await page.getByRole("button", { name: "Add member" }).click();
      await expect(page.getByRole("status").first()).toContainText(colleague.email);
      const invite = page.getByTestId("invite-form");
      await invite.getByLabel("Email").fill("bia@example.com");
      await invite.getByRole("button", { name: "Send invitation" }).click();
      await expect(invite.getByRole("status")).toContainText("bia@example.com");
      const invitationPath = await linkPath(smtp, "bia@example.com", "invite");
      await page.goto(`${base}/leads/${leadId}`);
      await page.getByLabel("Add a note").fill("Called: interested in the annual plan.");
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(page.getByTestId("timeline")).toContainText("interested in the annual plan");

      // A reset link for the colleague (the owner's session stays).
      {
        const { context, page: visitor } = await signedOutPage(browser, leadlink.url, "en-US");
        await visitor.goto("/forgot-password");
        await visitor.getByLabel("Email").fill(colleague.email);
        await visitor.getByRole("button", { name: "Email me a link" }).click();
        await context.close();
      }
      const resetPath = await linkPath(smtp, colleague.email, "reset-password");

      await owner.close();
      await use({
        slug,
        email: workspace.email,
        password: workspace.password,
        linkId: link.id,
        webhookId: webhook.id,
        leadId,
        invitationPath,
        resetPath,
      });
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

const VIEWPORT = { width: 1440, height: 900 };
const LANGUAGES = [
  { locale: "en-US", choice: "en", lang: "en" },
  { locale: "pt-BR", choice: "pt-BR", lang: "pt-BR" },
] as const;

/**
 * The skip link is the first Tab stop (the first focusable element: a page may focus its first field on load), shown
 * when focused; following it focuses the page's <main id="content">.
 */
async function expectSkipLink(page: Page, name: string) {
  const first = await page.evaluate(
    () =>
      document.querySelector<HTMLElement>(
        'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
      )?.dataset.testid,
  );
  expect.soft(first, `the first Tab stop on ${name}`).toBe("skip-link");
  const skip = page.getByTestId("skip-link");
  await skip.focus();
  await expect.soft(skip, `the focused skip link shows on ${name}`).toBeInViewport({ timeout: 5_000 });
  await page.keyboard.press("Enter");
  await expect
    .soft(page.locator("main#content"), `the skip link lands on the content of ${name}`)
    .toBeFocused({ timeout: 5_000 });
}

interface Visit {
  name: string;
  path: string;
  /** Waits for the page's content, or brings it into the state to check (a dialog, a selection). */
  ready?: (page: Page) => Promise<void>;
  /** Admin and sign-in pages: the skip link is their first Tab stop. */
  skip?: boolean;
}

async function visit(page: Page, lang: string, { name, path, ready, skip }: Visit) {
  await page.goto(path);
  const label = `${name} [${lang}]`;
  // Before `ready`, which may move the focus (a checkbox, a dialog).
  if (skip) await expectSkipLink(page, label);
  if (ready) await ready(page);
  await expectAccessible(page, label);
}

async function signedOutPage(browser: Browser, baseURL: string, locale: string) {
  const context = await browser.newContext({ baseURL, locale, viewport: VIEWPORT });
  return { context, page: await context.newPage() };
}

/** The path of the link in the latest email to `address` (the host is PUBLIC_BASE_URL's, not the test server's). */
async function linkPath(smtp: SmtpTestServer, address: string, prefix: string): Promise<string> {
  const [mail] = await smtp.waitFor(address);
  const match = new RegExp(`https?://[^/\\s]+(/${prefix}/[A-Za-z0-9_-]+)`).exec(mail!.parsed.text ?? "");
  expect(match, mail!.parsed.text).not.toBeNull();
  return match![1]!;
}

// A fresh server shows the first-run setup page until someone has signed up: this test runs first in its worker,
// before the seeded workspace (a worker fixture) exists.
test("the first-run setup page passes axe in English and Portuguese", async ({ leadlink, browser }) => {
  for (const { locale, lang } of LANGUAGES) {
    const { context, page } = await signedOutPage(browser, leadlink.url, locale);
    await visit(page, lang, {
      name: "setup",
      path: "/setup",
      skip: true,
      ready: (view) => expect(view.getByRole("button").first()).toBeVisible(),
    });
    await context.close();
  }
});

/** The admin pages and states, in the seeded workspace. */
function adminPages({ slug, linkId, webhookId, leadId }: Seeded): Visit[] {
  const base = `/w/${slug}`;
  return [
    { name: "dashboard", path: base, ready: (view) => expect(view.getByTestId("daily-chart")).toBeVisible() },
    { name: "leads", path: `${base}/leads`, ready: (view) => expect(view.getByTestId("lead-row").first()).toBeVisible() },
    {
      name: "leads filtered",
      path: `${base}/leads?q=ana&utm_source=google&from=2026-01-01&to=2030-12-31`,
      ready: (view) => expect(view.getByTestId("lead-row")).toHaveCount(1),
    },
    {
      name: "leads with invalid filters",
      path: `${base}/leads?from=2026-02-30&link=nope`,
      ready: (view) => expect(view.getByRole("alert").first()).toBeVisible(),
    },
    {
      name: "leads with a selection",
      path: `${base}/leads`,
      ready: async (view) => {
        await view.getByTestId("lead-row").first().getByRole("checkbox").check();
        await expect(view.getByTestId("bulk-actions")).toBeVisible();
      },
    },
    {
      name: "leads export dialog",
      path: `${base}/leads`,
      ready: async (view) => {
        await view.getByRole("button", { name: /^(Export|Exportar)$/ }).click();
        await expect(view.getByRole("dialog")).toBeVisible();
      },
    },
    {
      name: "lead detail",
      path: `${base}/leads/${leadId}`,
      ready: async (view) => {
        await expect(view.getByTestId("timeline")).toBeVisible();
        // The raw payloads open: a scrollable <pre> each.
        const closed = view.getByTestId("timeline-entry").locator("details:not([open]) > summary");
        while ((await closed.count()) > 0) await closed.first().click();
        await expect(view.getByTestId("payload").first()).toBeVisible();
      },
    },
    { name: "lead not found", path: `${base}/leads/00000000-0000-4000-8000-000000000000` },
    { name: "links", path: `${base}/links` },
    { name: "new link", path: `${base}/links/new` },
    {
      name: "link (snippets, request log, settings)",
      path: `${base}/links/${linkId}`,
      ready: async (view) => {
        await expect(view.getByTestId("refused-origins")).toBeVisible();
        const closed = view.getByTestId("submission").locator("details:not([open]) > summary");
        while ((await closed.count()) > 0) await closed.first().click();
        await expect(view.getByTestId("payload").first()).toBeVisible();
      },
    },
    {
      name: "link's rejected requests",
      path: `${base}/links/${linkId}?filter=rejected`,
    },
    { name: "fields", path: `${base}/fields` },
    { name: "members", path: `${base}/members` },
    { name: "notifications", path: `${base}/notifications` },
    { name: "privacy settings", path: `${base}/settings/privacy` },
    { name: "workspace settings", path: `${base}/settings/workspace` },
    { name: "audit log", path: `${base}/audit` },
    { name: "API keys", path: `${base}/api-keys` },
    { name: "webhooks", path: `${base}/webhooks` },
    { name: "new webhook", path: `${base}/webhooks/new` },
    { name: "webhook", path: `${base}/webhooks/${webhookId}` },
    { name: "webhook edit", path: `${base}/webhooks/${webhookId}/edit` },
    { name: "account", path: "/account" },
    { name: "new workspace", path: "/workspaces/new" },
    { name: "workspace not found", path: `/w/no-such-workspace-${slug}` },
  ];
}

// Each language is its own test (its own time limit, its own retry): about 2 minutes each on a quiet machine, and
// up to four times that while the other worker and a build share the two cores.
for (const { choice, lang } of LANGUAGES) {
  test(`every admin page passes axe (WCAG 2.1 AA, nothing serious or critical) [${lang}]`, async ({
    leadlink,
    seeded,
    browser,
  }) => {
    test.setTimeout(600_000);
    const { slug, linkId } = seeded;
    const base = `/w/${slug}`;
    const owner = await browser.newContext({ baseURL: leadlink.url, viewport: VIEWPORT });
    await signIn(owner, leadlink.url, seeded.email, seeded.password);
    const page = await owner.newPage();
    await page.goto("/account");
    await page.locator("#locale").selectOption(choice);
    await page
      .locator("form")
      .filter({ has: page.locator("#locale") })
      .getByRole("button")
      .click();
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", lang);

    for (const admin of adminPages(seeded)) await visit(page, lang, { skip: !admin.name.includes("not found"), ...admin });

    // Each snippet tab of the link page.
    await page.goto(`${base}/links/${linkId}`);
    const snippetTabs = page.getByRole("tab");
    const tabs = await snippetTabs.count();
    expect(tabs).toBeGreaterThan(1);
    for (let index = 1; index < tabs; index += 1) {
      await snippetTabs.nth(index).click();
      await expect(snippetTabs.nth(index)).toHaveAttribute("aria-selected", "true");
      await expectAccessible(page, `link's snippet tab ${index + 1} [${lang}]`);
    }

    // Pages outside the admin: the public ones and the documentation.
    for (const publicPage of [
      { name: "not found", path: "/no/such/page" },
      { name: "problem", path: "/problems/validation_failed" },
      { name: "problem (unknown code)", path: "/problems/no_such_code" },
    ])
      await visit(page, lang, publicPage);
    await owner.close();
  });
}

test("every signed-out page and the API documentation pass axe in English and Portuguese", async ({
  leadlink,
  seeded,
  browser,
}) => {
  test.setTimeout(600_000);
  for (const { locale, lang } of LANGUAGES) {
    const { context, page: visitor } = await signedOutPage(browser, leadlink.url, locale);
    const pages: Visit[] = [
      { name: "sign-in", path: "/signin", skip: true },
      { name: "sign-in (invited)", path: "/signin?invited=1", skip: true },
      { name: "forgot password", path: "/forgot-password", skip: true },
      { name: "reset password", path: seeded.resetPath, skip: true },
      { name: "reset password (expired)", path: "/reset-password/no-such-token", skip: true },
      { name: "invitation", path: seeded.invitationPath, skip: true },
      { name: "invitation (expired)", path: "/invite/no-such-token", skip: true },
      { name: "form thank-you page", path: "/forms/thanks" },
      { name: "form error page", path: "/forms/error?error=validation_failed&fields=email" },
      { name: "not found (signed out)", path: "/no/such/page" },
      {
        name: "API documentation",
        path: "/docs",
        ready: async (view) => {
          await expect(view.locator(".opblock").first()).toBeVisible();
          // One operation open: its parameters, responses and examples.
          await view.locator(".opblock-summary-control").first().click();
          await expect(view.locator(".opblock-body").first()).toBeVisible();
        },
      },
    ];
    for (const signedOut of pages) await visit(visitor, lang, signedOut);
    await context.close();
  }

  // Swagger UI's tables and examples on a phone: no sideways scrolling, with an operation open or not.
  const { context, page: phone } = await signedOutPage(browser, leadlink.url, "en-US");
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto("/docs");
  await expect(phone.locator(".opblock").first()).toBeVisible();
  for (const state of ["closed", "open"]) {
    if (state === "open") {
      await phone.locator(".opblock-summary-control").first().click();
      await expect(phone.locator(".opblock-body").first()).toBeVisible();
    }
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(width, `/docs at 390 px with an operation ${state} is ${width} px wide`).toBeLessThanOrEqual(390);
  }
  await expectAccessible(phone, "API documentation at 390 px");
  await context.close();
});
