// Issue 24: the admin on a phone (390 px) and on a desktop (1440 px). On a phone the sections fold behind a
// menu button, the leads page's filters and bulk bar fold so that the first lead is on the first screen, and
// every snippet tab is in sight; at 1440 px the leads table fits its card with every header readable (in
// Portuguese too), the filter selects show their longest option, and the link page has no tall empty card.

import type { Locator, Page } from "@playwright/test";
import { expect, signIn, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

const PHONE = { width: 390, height: 844 };
// Each test starts a server and signs in; on two shared cores that alone can take a minute.
test.describe.configure({ timeout: 240_000 });
const DESKTOP = { width: 1440, height: 900 };

interface Link {
  id: string;
  token: string;
}

/** A link with leads whose values are as long as real ones get (the table's widest cells). */
async function seedLeads(dataDir: string, slug: string, request: import("@playwright/test").APIRequestContext) {
  const link = await leadlinkCli<Link>(dataDir, [
    "link",
    "create",
    "--workspace",
    slug,
    "--name",
    "Black Friday landing page for the southeast region",
  ]);
  const leads = [
    {
      name: "Ana Beatriz Souza de Albuquerque Cavalcanti",
      email: "ana.beatriz.souza.albuquerque@subdomain.example.com.br",
      telephone: "(11) 98765-4321",
      utmSource: "google-ads-search-network",
      utmMedium: "cpc-brand-keywords",
      utmCampaign: "black-friday-2026-southeast-region-retargeting",
    },
    { name: "Bruno Lima", email: "bruno@empresa.com.br", telephone: "21 99876-5432", utmSource: "facebook" },
    { email: "someone.with.a.very.long.address.indeed@subdomain.example.com", utmSource: "newsletter" },
  ];
  for (const data of leads) expect((await request.post(`/ingest/${link.token}`, { data })).status()).toBe(201);
  return link;
}

/** The element's content is wider than its box (cut off, or scrolled out of sight). */
function clipped(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
}

/** The first element's right edge is within the second's. */
async function rightEdgeWithin(inner: Locator, outer: Locator): Promise<void> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a && b).toBeTruthy();
  expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x + b!.width + 1);
}

async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${name} at ${width} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(width);
}

test("on a phone the sections open from a menu button; from md up they are in sight", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  // A second workspace, so that the switcher shows.
  await leadlinkCli(leadlink.dataDir, ["workspace", "create", "--name", "Second shop", "--owner", workspace.email]);
  const base = `/w/${workspace.slug}`;
  await page.setViewportSize(PHONE);
  await page.goto(`${base}/leads`);
  const nav = page.getByRole("navigation", { name: "Workspace", includeHidden: true });
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  await expect(page.getByLabel("Switch workspace")).toBeHidden();
  // Signing out needs no menu.
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByTestId("workspace-name")).toHaveText(workspace.name);

  const controlled = (await menu.getAttribute("aria-controls"))!.split(" ");
  expect(controlled).toContain(await nav.getAttribute("id"));
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav).toBeVisible();
  await expect(page.getByLabel("Switch workspace")).toBeVisible();
  await expect(page.getByRole("link", { name: "+ New workspace" })).toBeVisible();
  await expectNoSidewaysScroll(page, "the open menu");
  await screenshot(page, "layout-menu-open-390");

  await nav.getByRole("link", { name: "Capture links" }).click();
  await expect(page).toHaveURL(`${base}/links`);
  // The next page starts with the menu folded.
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();

  for (const size of [{ width: 800, height: 900 }, { ...DESKTOP }]) {
    await page.setViewportSize(size);
    await expect(menu).toBeHidden();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Leads" })).toBeVisible();
    await expect(page.getByLabel("Switch workspace")).toBeVisible();
  }
});

test("on a phone the leads page folds its filters and bulk bar: the first lead is on the first screen", async ({
  signedInPage: page,
  workspace,
  leadlink,
  request,
}) => {
  await seedLeads(leadlink.dataDir, workspace.slug, request);
  const base = `/w/${workspace.slug}/leads`;
  await page.setViewportSize(PHONE);
  await page.goto(base);
  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(3);
  await screenshot(page, "layout-leads-390");
  const first = (await rows.first().boundingBox())!;
  expect(first.y + first.height, "the first lead's bottom edge").toBeLessThanOrEqual(PHONE.height);
  await rightEdgeWithin(page.getByRole("table"), page.getByRole("table").locator("xpath=.."));
  await expect(page.getByLabel("Search")).toBeVisible();
  await expect(page.getByLabel("UTM source")).toBeHidden();

  // The filters open from their toggle, and they still apply.
  const toggle = page.getByText("Filters", { exact: true });
  await toggle.click();
  await expect(page.getByLabel("UTM source")).toBeVisible();
  await page.getByLabel("UTM source").fill("facebook");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/utm_source=facebook/);
  await expect(rows).toHaveCount(1);
  // With a filter set they open by themselves and say how many are set.
  await expect(page.getByText("Filters (1 active)")).toBeVisible();
  await expect(page.getByLabel("UTM source")).toHaveValue("facebook");

  // The bulk bar: one button until a row is ticked.
  await page.goto(base);
  const bulk = page.getByTestId("bulk-actions");
  await expect(bulk.getByLabel("Action")).toBeHidden();
  await bulk.getByRole("button", { name: "Change leads in bulk" }).click();
  await expect(bulk.getByLabel("Action")).toBeVisible();
  await page.goto(base);
  await rows.first().getByRole("checkbox").check();
  await expect(bulk.getByLabel("Action")).toBeVisible();
  await expect(bulk.getByLabel("Apply to")).toHaveValue("selected");
  await expectNoSidewaysScroll(page, "the leads page");

  // From md up everything is in sight, as before.
  await page.setViewportSize(DESKTOP);
  await page.goto(base);
  await expect(page.getByLabel("UTM source")).toBeVisible();
  await expect(page.getByText("Filters", { exact: true })).toBeHidden();
  await expect(bulk.getByLabel("Action")).toBeVisible();
});

test("at 1440 px the leads table fits its card with every header readable, and the filter selects show their options", async ({
  browser,
  workspace,
  leadlink,
  request,
  baseURL,
}) => {
  await seedLeads(leadlink.dataDir, workspace.slug, request);
  for (const locale of ["en-US", "pt-BR"]) {
    const context = await browser.newContext({ baseURL, locale, viewport: DESKTOP });
    await signIn(context, baseURL!, workspace.email, workspace.password);
    const page = await context.newPage();
    await page.goto(`/w/${workspace.slug}/leads`);
    const table = page.getByRole("table");
    await expect(page.getByTestId("lead-row")).toHaveCount(3);
    await screenshot(page, `layout-leads-1440-${locale}`);
    const frame = table.locator("xpath=..");
    expect(await clipped(frame), `${locale}: the table is wider than its card`).toBe(false);
    await rightEdgeWithin(table, frame);
    for (const header of await table.locator("thead th").all()) {
      expect(await clipped(header), `${locale}: header "${await header.textContent()}"`).toBe(false);
      await rightEdgeWithin(header, frame);
    }

    // Each select of the filters is at least as wide as its longest worded option (the arrow beside it); the
    // names of links, members and tags are data, as long as people make them.
    const narrow = await page.locator('form[role="search"] select').evaluateAll((selects) =>
      (selects as HTMLSelectElement[]).flatMap((select) => {
        const style = getComputedStyle(select);
        const probe = document.createElement("span");
        probe.style.font = style.font;
        probe.style.whiteSpace = "pre";
        probe.style.position = "absolute";
        document.body.append(probe);
        const room = select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        const worded = [...select.options].filter(
          (option) => option.value === "" || option.value === "none" || ["status", "sort"].includes(select.name),
        );
        const cut = worded.filter((option) => {
          probe.textContent = option.text;
          return probe.getBoundingClientRect().width > room;
        });
        probe.remove();
        return cut.map((option) => `${select.name}: ${option.text}`);
      }),
    );
    expect(narrow, `${locale}: options wider than their select`).toEqual([]);
    await context.close();
  }
});

test("the link page: every snippet tab in sight on a phone; at 1440 px no tall empty card under the snippets", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  const link = await leadlinkCli<Link>(leadlink.dataDir, ["link", "create", "--workspace", workspace.slug, "--name", "Site"]);
  await page.setViewportSize(PHONE);
  await page.goto(`/w/${workspace.slug}/links/${link.id}`);
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveCount(5);
  await screenshot(page, "layout-link-390");
  await page.getByRole("tablist").scrollIntoViewIfNeeded();
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await tabs.last().click();
  await expect(tabs.last()).toHaveAttribute("aria-selected", "true");
  await expectNoSidewaysScroll(page, "the link page");

  await page.setViewportSize(DESKTOP);
  await page.goto(`/w/${workspace.slug}/links/${link.id}`);
  const snippets = page.locator("section").filter({ has: page.getByRole("tablist") });
  await screenshot(page, "layout-link-1440");
  const box = (await snippets.boundingBox())!;
  const content = (await snippets.locator("> div").last().boundingBox())!;
  // The card ends where its content does (it was stretched to the settings card's height).
  expect(box.y + box.height - (content.y + content.height)).toBeLessThan(40);
  const log = (await page.getByRole("heading", { name: "Request log" }).boundingBox())!;
  // The request log follows the snippets closely (beside the settings, not below them).
  expect(log.y - (box.y + box.height)).toBeLessThan(120);
});
