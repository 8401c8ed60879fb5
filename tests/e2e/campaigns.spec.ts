// DESIGN.md section 16 in the browser: the Campaigns page (choices, sorting, downloads) and the dashboard's
// funnel and speed to lead, in English and Portuguese, at 390 and 1440 px, with axe (nothing serious or critical).
import { expect, seedWorkspace, signIn, test } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

const VIEWS = [
  { locale: "en-US", lang: "en", width: 1440, height: 900 },
  { locale: "en-US", lang: "en", width: 390, height: 844 },
  { locale: "pt-BR", lang: "pt-BR", width: 1440, height: 900 },
  { locale: "pt-BR", lang: "pt-BR", width: 390, height: 844 },
] as const;

const WORDS = {
  en: { title: "Campaigns", won: "Sort by Won", funnel: "Funnel", speed: "Speed to lead", total: "Total" },
  "pt-BR": { title: "Campanhas", won: "Ordenar por Ganhos", funnel: "Funil", speed: "Tempo de resposta", total: "Total" },
} as const;

test("the Campaigns page and the dashboard's funnel and speed to lead, in both languages at 390 and 1440 px", async ({
  leadlink,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const workspace = await seedWorkspace(leadlink.dataDir, { name: "Acme Campanhas" });
  const cli = <T>(args: string[]) => leadlinkCli<T>(leadlink.dataDir, args);
  const link = await cli<{ id: string; token: string }>([
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Spring landing",
  ]);
  const key = await cli<{ token: string }>([
    "apikey",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "CRM",
    "--scope",
    "write",
  ]);
  const leads: string[] = [];
  const sources = [
    { utmSource: "google", utmMedium: "cpc", utmCampaign: "black-friday" },
    { utmSource: "google", utmMedium: "cpc", utmCampaign: "black-friday" },
    { utmSource: "facebook", utmMedium: "paid_social", utmCampaign: "retarget" },
    { utmSource: "newsletter", utmMedium: "email" },
    {},
  ];
  for (const [index, utm] of sources.entries()) {
    const response = await fetch(`${leadlink.url}/ingest/${link.token}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: `campaign${index}@example.com`, ...utm }),
    });
    expect(response.status).toBe(201);
    leads.push(((await response.json()) as { leadId: string }).leadId);
  }
  for (const [id, status] of [
    [leads[0], "won"],
    [leads[2], "qualified"],
    [leads[3], "lost"],
  ] as const) {
    const response = await fetch(`${leadlink.url}/api/v1/leads/${id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${key.token}` },
      body: JSON.stringify({ status }),
    });
    expect(response.status).toBe(200);
  }

  for (const view of VIEWS) {
    const context = await browser.newContext({
      baseURL,
      locale: view.locale,
      viewport: { width: view.width, height: view.height },
    });
    await signIn(context, baseURL!, workspace.email, workspace.password);
    const page = await context.newPage();
    const words = WORDS[view.lang];
    const name = `${view.lang}-${view.width}`;

    await page.goto(`/w/${workspace.slug}/campaigns?groupBy=campaign`);
    await expect(page.getByRole("heading", { level: 1, name: words.title })).toBeVisible();
    const table = page.getByTestId("campaign-table");
    await expect(table.locator("tbody tr")).toHaveCount(4);
    await expect(table.locator("tbody tr").first()).toContainText("google");
    await expect(table.locator("tfoot")).toContainText(words.total);
    await expect(table.locator("tfoot")).toContainText("5");
    // Sorting by won puts google's won lead first, then the other way round.
    await page.getByRole("link", { name: words.won, exact: true }).click();
    await expect(page).toHaveURL(/sort=won&dir=desc/);
    await expect(table.locator("tbody tr").first()).toContainText("black-friday");
    await expect(page.getByRole("columnheader", { name: words.won, exact: true })).toHaveAttribute("aria-sort", "descending");
    await expectAccessible(page, `campaigns ${name}`);
    await screenshot(page, `campaigns-${name}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.width + 1);

    if (view.width === 1440 && view.lang === "en") {
      const csv = await page.request.get(`/w/${workspace.slug}/campaigns/export?groupBy=source&format=csv`);
      expect(csv.status()).toBe(200);
      const text = await csv.text();
      expect(text.split("\n")[0]).toBe(
        "source,medium,campaign,views,leads,contacted,qualified,won,lost,wonRate,medianFirstResponseMinutes",
      );
      expect(text).toContain("google,,,,2,1,1,1,0,0.5,");
      const xlsx = await page.request.get(`/w/${workspace.slug}/campaigns/export?format=xlsx`);
      expect(xlsx.headers()["content-type"]).toContain("spreadsheetml");
      // Choosing a link through the form shows its views column.
      await page.goto(`/w/${workspace.slug}/campaigns`);
      await page.getByLabel("Capture link").selectOption({ label: "Spring landing" });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(new RegExp(`captureLinkId=${link.id}`));
      await expect(page.getByRole("columnheader", { name: "Views" })).toBeVisible();
    }

    await page.goto(`/w/${workspace.slug}`);
    await expect(page.getByRole("heading", { name: words.funnel })).toBeVisible();
    await expect(page.getByRole("heading", { name: words.speed, exact: true })).toBeVisible();
    await expect(page.getByTestId("funnel").locator("table tbody tr")).toHaveCount(5);
    await expect(page.getByTestId("funnel").locator("svg").first()).toBeVisible();
    await expectAccessible(page, `dashboard ${name}`);
    await screenshot(page, `dashboard-speed-${name}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.width + 1);
    await context.close();
  }
});
