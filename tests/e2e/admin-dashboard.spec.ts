import type { APIRequestContext } from "@playwright/test";
import { expect, seedWorkspace, signIn, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

async function ingest(request: APIRequestContext, token: string, body: unknown) {
  const response = await request.post(`/ingest/${token}`, { data: body });
  expect(response.status(), await response.text()).toBeLessThan(500);
  return response.status();
}

const today = () => new Date().toISOString().slice(0, 10);

test("the dashboard charts the period's leads, switches periods, and links its sources and links to the leads they count", async ({
  signedInPage: page,
  workspace,
  leadlink,
  request,
}) => {
  const base = `/w/${workspace.slug}`;
  await page.goto(base);
  await expect(page.getByRole("heading", { name: "No leads yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create a capture link" })).toHaveAttribute("href", `${base}/links`);
  await screenshot(page, "dashboard-empty");

  const cli = (name: string) =>
    leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, [
      "link",
      "create",
      "--workspace",
      workspace.slug,
      "--name",
      name,
    ]);
  const spring = await cli("Spring landing");
  const quiz = await cli("Career quiz");
  const sources = ["google", "google", "Google", "facebook", "newsletter", undefined];
  for (const [index, utmSource] of sources.entries()) {
    expect(await ingest(request, index < 4 ? spring.token : quiz.token, { email: `lead${index}@example.com`, utmSource })).toBe(
      201,
    );
  }
  expect(await ingest(request, spring.token, { email: "lead0@example.com", name: "Again" })).toBe(200);
  expect(await ingest(request, quiz.token, { email: "not-an-email" })).toBe(422);

  await page.goto(base);
  await expect(page.getByTestId("stat-new-leads")).toContainText("6");
  await expect(page.getByTestId("stat-accepted")).toContainText("7");
  await expect(page.getByTestId("stat-rejected")).toContainText("1");
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Days are counted in UTC.")).toBeVisible();

  // The chart: one bar per day of the period, today's holding the leads.
  const chart = page.getByTestId("daily-chart");
  const bars = chart.locator("rect[data-day]");
  await expect(bars).toHaveCount(30);
  await expect(chart.locator(`rect[data-day="${today()}"]`)).toHaveAttribute("data-leads", "6");
  await expect(chart.getByRole("img")).toHaveAccessibleName(/Leads per day.*6 new leads/);
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width - 3, box.y + box.height / 2);
  await expect(page.getByTestId("chart-tooltip")).toContainText("6 leads");
  await page.mouse.move(0, 0);
  await expect(page.getByTestId("chart-tooltip")).toHaveCount(0);
  await chart.focus();
  await page.keyboard.press("End");
  await expect(page.getByTestId("chart-tooltip")).toContainText("6 leads");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("chart-tooltip")).toContainText("0 leads");
  await expect(page.locator("figure [aria-live=polite]")).toContainText("0 leads");

  // Breakdowns: case-folded sources and links, each a link to the leads it counts.
  const sourceRows = page.getByTestId("sources-row");
  await expect(sourceRows.first()).toContainText("google");
  await expect(sourceRows.first()).toContainText("3");
  await expect(sourceRows).toHaveCount(4);
  await expect(page.getByTestId("sources").getByText("No UTM source")).toBeVisible();
  const period = `from=${encodeURIComponent(await page.getByLabel("From", { exact: true }).inputValue())}&to=${today()}`;
  await expect(sourceRows.first().getByRole("link")).toHaveAttribute("href", `${base}/leads?utm_source=google&${period}`);
  const linkRows = page.getByTestId("links-row");
  await expect(linkRows.first()).toContainText("Spring landing");
  await expect(linkRows.first()).toContainText("4");
  await expect(linkRows.first().getByRole("link")).toHaveAttribute("href", `${base}/leads?link=${spring.id}&${period}`);
  await expect(linkRows.last().getByRole("link")).toHaveAttribute("href", `${base}/leads?link=${quiz.id}&${period}`);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(box.x + box.width - 3, box.y + box.height / 2);
  await expect(page.getByTestId("chart-tooltip")).toContainText("6 leads");
  await screenshot(page, "dashboard");
  await page.mouse.move(0, 0);

  // A custom period before these leads: the figures drop to zero.
  await page.getByLabel("From", { exact: true }).fill("2026-01-01");
  await page.getByLabel("To (included)").fill("2026-01-31");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/from=2026-01-01&to=2026-01-31/);
  await expect(page.getByTestId("stat-new-leads")).toContainText("0");
  await expect(page.getByTestId("stat-accepted")).toContainText("0");
  await expect(bars).toHaveCount(31);
  await expect(page.getByText("No new leads in this period. Choose a longer period above.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 30 days" })).not.toHaveAttribute("aria-current", "page");

  // A refused period says why, next to the input, and shows the default period meanwhile.
  await page.getByLabel("From", { exact: true }).fill("2026-03-10");
  await page.getByLabel("To (included)").fill("2026-03-01");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("#period-to-error")).toContainText("must not be before the start date");
  await expect(page.getByLabel("To (included)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("stat-new-leads")).toContainText("6");

  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(bars).toHaveCount(7);
  await expect(page.getByTestId("stat-new-leads")).toContainText("6");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}?days=30`);
  await expect(bars).toHaveCount(30);
  await screenshot(page, "dashboard-mobile");
});

test("another workspace's user gets 404 on the dashboard", async ({ browser, workspace, leadlink, baseURL }) => {
  const other = await seedWorkspace(leadlink.dataDir, { name: "Other tenant" });
  const context = await browser.newContext({ baseURL });
  await signIn(context, baseURL!, other.email, other.password);
  const page = await context.newPage();
  const response = await page.goto(`/w/${workspace.slug}?days=7`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText(workspace.name)).toHaveCount(0);
  expect((await page.goto(`/w/${other.slug}`))?.status()).toBe(200);
  await context.close();
});
