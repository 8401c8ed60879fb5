// Issue 9 (new-user item 5 and the screenshots of "done"): every admin page at a phone's 390 px and a
// desktop's 1440 px, saved full-page under tests/e2e/.artifacts/screenshots for people to look at, and
// none wider than the viewport (no sideways scrolling). The same pages in Portuguese: admin-pt-br.spec.ts.

import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";
import { removeDataDir, startServer, stopAll, tempDataDir } from "./support/server";

const WIDTHS = [390, 1440] as const;

/** Loads `path` at each width, saves `<name>-<width>.png`, and checks the page is no wider than the viewport. */
async function shoot(page: Page, name: string, path: string, ready?: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    if (ready) await ready(page);
    await screenshot(page, `${name}-${width}`);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(scrollWidth, `${name} at ${width} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(width);
  }
}

test("every admin page fits 390 px and 1440 px without sideways scrolling", async ({
  signedInPage: page,
  workspace,
  leadlink,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const base = `/w/${workspace.slug}`;
  const cli = <T>(args: string[]) => leadlinkCli<T>(leadlink.dataDir, args);
  const active = await cli<{ id: string; token: string }>([
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Spring landing page",
  ]);
  const revoked = await cli<{ id: string; token: string }>([
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Old campaign",
  ]);
  await cli([
    "field",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "company_size",
    "--label",
    "Company size",
    "--type",
    "select",
    "--option",
    "Small",
    "--option",
    "Large",
  ]);
  await cli([
    "field",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "budget",
    "--label",
    "Monthly budget",
    "--type",
    "number",
  ]);
  const leads = [
    {
      name: "Ana Beatriz Souza",
      email: "ana.beatriz.souza@example.com",
      telephone: "(11) 98765-4321",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "black-friday-2026",
      customFields: { company_size: "Large", budget: 12500 },
    },
    {
      name: "Bruno Lima",
      email: "bruno@empresa.com.br",
      telephone: "21 99876-5432",
      utmSource: "facebook",
      utmMedium: "paid-social",
    },
    { email: "someone.with.a.very.long.address@subdomain.example.com", utmSource: "newsletter" },
  ];
  let leadId = "";
  for (const body of leads) {
    const response = await request.post(`/ingest/${active.token}`, { data: body });
    expect(response.status()).toBe(201);
    leadId ||= ((await response.json()) as { leadId: string }).leadId;
  }
  expect(
    (
      await request.post(`/ingest/${active.token}`, { data: { email: "ana.beatriz.souza@example.com", city: "Recife" } })
    ).status(),
  ).toBe(200);
  expect(
    (await request.post(`/ingest/${active.token}`, { data: { email: "not-an-email", birthday: "2026-02-30" } })).status(),
  ).toBe(422);
  expect((await request.post(`/ingest/${revoked.token}`, { data: { email: "late@example.com" } })).status()).toBe(201);
  await cli(["link", "revoke", "--workspace", workspace.slug, "--id", revoked.id]);

  await shoot(page, "dashboard", base, async (view) => expect(view.getByTestId("daily-chart")).toBeVisible());
  await shoot(page, "leads", `${base}/leads`, async (view) => expect(view.getByTestId("lead-row").first()).toBeVisible());
  await shoot(page, "leads-filtered", `${base}/leads?q=ana&utm_source=google&from=2026-01-01&to=2030-12-31`, async (view) =>
    expect(view.getByTestId("lead-row")).toHaveCount(1),
  );
  await shoot(page, "lead-detail", `${base}/leads/${leadId}`, async (view) => expect(view.getByTestId("timeline")).toBeVisible());
  await shoot(page, "lead-not-found", `${base}/leads/${randomUUID()}`);
  await shoot(page, "links", `${base}/links`);
  await shoot(page, "link-new", `${base}/links/new`);
  await shoot(page, "link-detail", `${base}/links/${active.id}`);
  await shoot(page, "link-detail-revoked", `${base}/links/${revoked.id}`);
  await shoot(page, "fields", `${base}/fields`);
  await shoot(page, "members", `${base}/members`);
  const webhook = await cli<{ id: string }>([
    "webhook",
    "create",
    "--workspace",
    workspace.slug,
    "--url",
    "https://crm.example.com/leadlink/hooks/incoming-leads",
  ]);
  await shoot(page, "link-spam", `${base}/links/${active.id}?filter=spam`);
  await shoot(page, "webhooks", `${base}/webhooks`);
  await shoot(page, "webhook-new", `${base}/webhooks/new`);
  await shoot(page, "webhook-detail", `${base}/webhooks/${webhook.id}`);
  await shoot(page, "webhook-edit", `${base}/webhooks/${webhook.id}/edit`);
  await shoot(page, "notifications", `${base}/notifications`);
  await shoot(page, "api-keys", `${base}/api-keys`);
  await shoot(page, "privacy", `${base}/settings/privacy`);
  await shoot(page, "audit", `${base}/audit`);
  await shoot(page, "account", "/account");
  await shoot(page, "workspaces", "/");
  await shoot(page, "workspace-new", "/workspaces/new");
  await shoot(page, "workspace-not-found", `/w/no-such-workspace-${workspace.slug}`);
  await shoot(page, "not-found", `/no/such/page`);
  await shoot(page, "problem", `/problems/validation_failed`);

  const signedOut = await browser.newContext({ baseURL });
  const visitor = await signedOut.newPage();
  await shoot(visitor, "signin", "/signin");
  await signedOut.close();
});

test("the first-run setup page fits 390 px and 1440 px", async ({ browser }) => {
  test.setTimeout(180_000);
  const dataDir = tempDataDir();
  const server = await startServer({ dataDir });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await shoot(page, "setup", "/setup", async (view) => expect(view.getByRole("button").first()).toBeVisible());
    await context.close();
  } finally {
    await stopAll([server]);
    removeDataDir(dataDir);
  }
});
