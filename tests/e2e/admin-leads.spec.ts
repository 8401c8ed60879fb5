import type { APIRequestContext } from "@playwright/test";
import { parseCsv } from "../support/csv";
import { expect, seedWorkspace, signIn, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { htmlPage, serveForeignSite } from "./support/foreign-site";
import { screenshot } from "./support/screenshot";

interface Link {
  id: string;
  token: string;
}

async function createLink(dataDir: string, slug: string, name: string): Promise<Link> {
  return leadlinkCli<Link>(dataDir, ["link", "create", "--workspace", slug, "--name", name]);
}

async function sendLead(request: APIRequestContext, baseURL: string, link: Link, body: Record<string, unknown>): Promise<string> {
  const response = await request.post(`${baseURL}/ingest/${link.token}`, { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { leadId: string }).leadId;
}

test("the empty page shows the curl snippet; a lead posted with fetch from another origin appears and opens its detail page", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  const link = await createLink(leadlink.dataDir, workspace.slug, "Spring landing");
  await page.goto(`/w/${workspace.slug}/leads`);
  await expect(page.getByRole("heading", { name: "No leads yet" })).toBeVisible();
  const curl = page.locator("pre code");
  await expect(curl).toContainText("curl -X POST");
  await expect(curl).toContainText(`/ingest/${link.token}`);
  await screenshot(page, "leads-empty");

  const site = await serveForeignSite({
    "/landing": htmlPage(
      "Landing",
      `<p id="result">sending</p><script>
        fetch(${JSON.stringify(`${leadlink.url}/ingest/${link.token}`)}, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Marina Foreign", email: "marina@foreign.example", telephone: "11 97777-1234", utmSource: "partner", utmCampaign: "cross-origin" }),
        }).then((response) => response.json()).then((body) => { document.getElementById("result").textContent = "lead " + body.leadId; });
      </script>`,
    ),
  });
  try {
    const landing = await page.context().newPage();
    await landing.goto(`${site.origin}/landing`);
    await expect(landing.locator("#result")).toHaveText(/^lead [0-9a-f-]{36}$/);
    const leadId = (await landing.locator("#result").textContent())!.slice(5);
    await landing.close();

    await page.reload();
    const row = page.getByTestId("lead-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Marina Foreign");
    await expect(row).toContainText("marina@foreign.example");
    await expect(row).toContainText("+55 11 97777-1234");
    await expect(row).toContainText("partner");
    await expect(row).toContainText("Spring landing");
    await row.getByRole("link", { name: "Marina Foreign" }).click();
    await expect(page).toHaveURL(new RegExp(`/w/${workspace.slug}/leads/${leadId}$`));
  } finally {
    await site.close();
  }
});

test("search, filters, sort, pages and the CSV export of the current filter", async ({
  signedInPage: page,
  workspace,
  leadlink,
  baseURL,
}) => {
  const site = await createLink(leadlink.dataDir, workspace.slug, "Website");
  const ads = await createLink(leadlink.dataDir, workspace.slug, "Ads landing");
  const request = page.context().request;
  await sendLead(request, baseURL!, site, {
    name: "Ana Souza",
    email: "ana.souza@example.com",
    telephone: "+55 (21) 98888-1111",
    utmSource: "google",
    utmMedium: "cpc",
    utmCampaign: "black-friday",
  });
  await sendLead(request, baseURL!, ads, {
    name: "Bruno Lima",
    email: "bruno@example.com",
    utmSource: "facebook",
    utmMedium: "paid-social",
  });
  await sendLead(request, baseURL!, ads, { name: '=HYPERLINK("x")', email: "formula@example.com", city: "+cmd" });
  for (let i = 1; i <= 52; i++) {
    await sendLead(request, baseURL!, site, {
      name: `Lead ${String(i).padStart(2, "0")}`,
      email: `lead${i}@example.com`,
      utmSource: "newsletter",
    });
  }
  const base = `/w/${workspace.slug}/leads`;
  const rows = page.getByTestId("lead-row");

  // The first page: 50 newest, then Next, Previous, First page.
  await page.goto(base);
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("Lead 52");
  await expect(page.getByText("50+ leads")).toBeVisible();
  await screenshot(page, "leads-desktop");
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(rows).toHaveCount(5);
  await expect(rows.last()).toContainText("Ana Souza");
  await expect(page.getByRole("link", { name: "Next →" })).toHaveCount(0);
  await page.getByRole("link", { name: "← Previous" }).click();
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("Lead 52");
  await page.getByRole("link", { name: "Next →" }).click();
  await page.getByRole("link", { name: "« First page" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));

  // Search by name, email and phone typed with punctuation.
  await page.getByLabel("Search").fill("souza");
  await page.getByLabel("Search").press("Enter");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Ana Souza");
  await page.getByLabel("Search").fill("(21) 98888");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Ana Souza");
  await page.getByLabel("Search").fill("BRUNO@example");
  await page.getByLabel("Search").press("Enter");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Bruno Lima");

  // Each filter narrows the table.
  await page.getByRole("link", { name: "Clear", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await expect(rows).toHaveCount(50);
  await page.getByLabel("Capture link").selectOption({ label: "Ads landing" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(2);
  await page.getByLabel("UTM source").fill("Facebook");
  await page.getByLabel("UTM source").press("Enter");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Bruno Lima");
  await page.getByRole("link", { name: "Clear", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await expect(rows).toHaveCount(50);
  await page.getByLabel("UTM medium").fill("cpc");
  await page.getByLabel("UTM campaign").fill("black-friday");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Ana Souza");
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.goto(`${base}?from=${today}&to=${today}&utm_source=newsletter`);
  await expect(rows).toHaveCount(50);
  await page.goto(`${base}?to=${yesterday}`);
  await expect(page.getByRole("heading", { name: "No leads match these filters" })).toBeVisible();
  await page.goto(`${base}?from=2026-02-30&link=nope`);
  const problems = page.getByRole("alert").filter({ hasText: "These filters cannot be applied" });
  await expect(problems).toContainText("From: must be a calendar date as YYYY-MM-DD");
  await expect(problems).toContainText("Capture link: must be a capture link id");

  // Sort A→Z, keeping the filter.
  await page.goto(`${base}?link=${ads.id}`);
  await page.getByLabel("Sort").selectOption({ label: "Name A→Z" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('=HYPERLINK("x")');
  await expect(rows.nth(1)).toContainText("Bruno Lima");

  // The export dialog carries the filter; the download is the same leads, formulas neutralised.
  await page.getByRole("button", { name: "Export", exact: true }).click();
  await page.getByLabel("Plain CSV").check();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
  const downloaded = new URL(download.url());
  const exportHref = `${downloaded.pathname}${downloaded.search}`;
  expect(exportHref).toBe(`${base}/export?link=${ads.id}&sort=name&format=csv`);
  const filtered = await request.get(exportHref!);
  expect(filtered.status()).toBe(200);
  expect(filtered.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(filtered.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.csv"$/);
  const [header, ...body] = parseCsv(await filtered.text());
  expect(header!.slice(0, 5)).toEqual(["id", "name", "email", "telephone", "document"]);
  expect(header).toEqual(expect.arrayContaining(["capture_link", "first_utm_source", "last_utm_source", "created_at"]));
  expect(body.map((row) => row[1])).toEqual([`'=HYPERLINK("x")`, "Bruno Lima"]);
  expect(body[0]![header!.indexOf("city")]).toBe("'+cmd");
  expect(body[1]![header!.indexOf("first_utm_source")]).toBe("facebook");
  expect(body[1]![header!.indexOf("capture_link")]).toBe("Ads landing");
  const all = parseCsv(await (await request.get(`${base}/export`)).text());
  expect(all).toHaveLength(56);

  await page.goto(base);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows.first()).toBeVisible();
  await screenshot(page, "leads-phone");
});

test("another workspace's user gets 404 on this workspace's leads page and export; no session gets 401", async ({
  browser,
  workspace,
  leadlink,
  baseURL,
  playwright,
}) => {
  const link = await createLink(leadlink.dataDir, workspace.slug, "Private");
  const anonymous = await playwright.request.newContext({ baseURL });
  await sendLead(anonymous, baseURL!, link, { name: "Secret Lead", email: "secret@example.com" });
  const exported = await anonymous.get(`/w/${workspace.slug}/leads/export`);
  expect(exported.status()).toBe(401);
  expect(await exported.text()).not.toContain("Secret Lead");
  await anonymous.dispose();

  const other = await seedWorkspace(leadlink.dataDir, { name: "Other tenant" });
  const context = await browser.newContext({ baseURL });
  await signIn(context, baseURL!, other.email, other.password);
  const page = await context.newPage();
  for (const path of ["/leads", `/leads?link=${link.id}`, "/leads?q=secret"]) {
    const response = await page.goto(`/w/${workspace.slug}${path}`);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("Secret Lead")).toHaveCount(0);
  }
  const foreignExport = await context.request.get(`/w/${workspace.slug}/leads/export`);
  expect(foreignExport.status()).toBe(404);
  expect(await foreignExport.text()).not.toContain("Secret Lead");
  // Their own workspace, filtered by the first workspace's link, shows nothing of it.
  await page.goto(`/w/${other.slug}/leads?link=${link.id}&q=secret`);
  await expect(page.getByText("Secret Lead")).toHaveCount(0);
  const ownExport = parseCsv(await (await context.request.get(`/w/${other.slug}/leads/export?link=${link.id}`)).text());
  expect(ownExport).toHaveLength(1);
  await context.close();
});
