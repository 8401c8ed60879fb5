// Issue 9, new-user item 1 (and issue 14: that browser reads the admin in Portuguese): a browser set to pt-BR and São Paulo sees every time of the admin in São Paulo
// time, in Brazilian Portuguese formats, with the zone named (leads table, lead page, link request log,
// dashboard); an en-US browser in UTC sees UTC. The server renders the viewer's zone and language on first
// paint once the browser has told its zone (a cookie), and the browser corrects its very first page itself.
import type { Browser, BrowserContextOptions } from "@playwright/test";
import { expect, type SeededWorkspace, signIn, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

const SAO_PAULO = { locale: "pt-BR", timezoneId: "America/Sao_Paulo" } as const;
const ENGLISH_UTC = { locale: "en-US", timezoneId: "UTC" } as const;

/** What the admin should print for `iso` to a viewer (the same Intl options as lib/time/format-time.ts). */
function expectedTime(iso: string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

/** The wall-clock time (HH:MM:SS, 24 h) of `iso` in `timeZone`: the part no ICU version words differently. */
function clock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

function dayIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
}

interface Seeded {
  workspace: SeededWorkspace;
  linkId: string;
  leadId: string;
  createdAt: string;
  receivedAt: string;
}

async function seed(
  workspace: SeededWorkspace,
  dataDir: string,
  request: import("@playwright/test").APIRequestContext,
): Promise<Seeded> {
  const link = await leadlinkCli<{ id: string; token: string }>(dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Zona",
  ]);
  const response = await request.post(`/ingest/${link.token}`, {
    data: { name: "Zélia Horário", email: "zelia@example.com", telephone: "11987654321" },
  });
  expect(response.status()).toBe(201);
  const { leadId } = (await response.json()) as { leadId: string };
  const lead = await leadlinkCli<{ createdAt: string; submissions: { receivedAt: string }[] }>(dataDir, [
    "lead",
    "get",
    "--workspace",
    workspace.slug,
    "--id",
    leadId,
  ]);
  return { workspace, linkId: link.id, leadId, createdAt: lead.createdAt, receivedAt: lead.submissions[0]!.receivedAt };
}

async function signedInContext(browser: Browser, baseURL: string, workspace: SeededWorkspace, options: BrowserContextOptions) {
  const context = await browser.newContext({ baseURL, ...options });
  await signIn(context, baseURL, workspace.email, workspace.password);
  return context;
}

test("a pt-BR browser in São Paulo sees São Paulo times in Brazilian formats on first paint, the zone named", async ({
  browser,
  baseURL,
  workspace,
  leadlink,
  request,
}) => {
  const seeded = await seed(workspace, leadlink.dataDir, request);
  const base = `/w/${workspace.slug}`;
  const created = expectedTime(seeded.createdAt, "pt-BR", "America/Sao_Paulo");
  expect(created).toMatch(/^\d{1,2} de [a-z]{3}\.? de \d{4}, \d{2}:\d{2}:\d{2} BRT$/);

  // A browser that told the server its zone before (the cookie the admin sets), with JavaScript off: what
  // it sees is exactly what the server rendered.
  const context = await signedInContext(browser, baseURL!, workspace, { ...SAO_PAULO, javaScriptEnabled: false });
  await context.addCookies([{ name: "leadlink-tz", value: "America/Sao_Paulo", url: baseURL! }]);
  const page = await context.newPage();

  await page.goto(`${base}/leads`);
  const row = page.getByTestId("lead-row").filter({ hasText: "Zélia Horário" });
  await expect(row).toContainText(created);
  await expect(row).toContainText("+55 11 98765-4321");
  await expect(page.getByTestId("filter-zone")).toHaveText("horário de São Paulo (GMT-3)");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "pt-br-leads-390");

  await page.goto(`${base}/leads/${seeded.leadId}`);
  await expect(page.getByText(`Criado em ${created}`)).toBeVisible();
  await screenshot(page, "pt-br-lead-detail-390");
  await expect(page.getByTestId("timeline-entry").first()).toContainText(
    expectedTime(seeded.receivedAt, "pt-BR", "America/Sao_Paulo"),
  );

  await page.goto(`${base}/links/${seeded.linkId}`);
  await expect(page.getByTestId("submission").first()).toContainText(
    expectedTime(seeded.receivedAt, "pt-BR", "America/Sao_Paulo"),
  );

  await page.goto(base);
  await expect(page.getByTestId("dashboard-zone")).toHaveText("horário de São Paulo (GMT-3)");
  const spDay = dayIn(seeded.createdAt, "America/Sao_Paulo");
  await expect(page.locator(`rect[data-day="${spDay}"]`)).toHaveAttribute("data-leads", "1");
  await expect(page.getByTestId("stat-busiest")).toContainText(
    new Date(`${spDay}T00:00:00Z`).toLocaleDateString("pt-BR", { timeZone: "UTC", month: "short", day: "numeric" }),
  );
  await screenshot(page, "pt-br-dashboard-390");
  await context.close();
});

test("a browser's very first page corrects its times itself and tells the server its zone for the next ones", async ({
  browser,
  baseURL,
  workspace,
  leadlink,
  request,
}) => {
  const seeded = await seed(workspace, leadlink.dataDir, request);
  const context = await signedInContext(browser, baseURL!, workspace, SAO_PAULO);
  const page = await context.newPage();
  await page.goto(`/w/${workspace.slug}/leads`);
  const row = page.getByTestId("lead-row").filter({ hasText: "Zélia Horário" });
  await expect(row).toContainText(clock(seeded.createdAt, "America/Sao_Paulo"));
  await expect(row).not.toContainText(clock(seeded.createdAt, "UTC"));
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === "leadlink-tz")?.value)
    .toBe("America/Sao_Paulo");
  // Server-computed parts follow once the server knows: the page re-renders for the zone.
  await expect(page.getByTestId("filter-zone")).toHaveText("horário de São Paulo (GMT-3)");
  await context.close();
});

test("an en-US browser in UTC sees UTC, in English formats", async ({ browser, baseURL, workspace, leadlink, request }) => {
  const seeded = await seed(workspace, leadlink.dataDir, request);
  const context = await signedInContext(browser, baseURL!, workspace, ENGLISH_UTC);
  const page = await context.newPage();
  const base = `/w/${workspace.slug}`;
  await page.goto(`${base}/leads`);
  const utc = expectedTime(seeded.createdAt, "en-US", "UTC");
  expect(utc).toMatch(/ UTC$/);
  await expect(page.getByTestId("lead-row").filter({ hasText: "Zélia Horário" })).toContainText(utc);
  await expect(page.getByTestId("filter-zone")).toHaveText("UTC");
  await page.goto(`${base}/leads/${seeded.leadId}`);
  await expect(page.getByTestId("timeline-entry").first()).toContainText(expectedTime(seeded.receivedAt, "en-US", "UTC"));
  await page.goto(base);
  await expect(page.getByTestId("dashboard-zone")).toHaveText("UTC");
  await expect(page.locator(`rect[data-day="${dayIn(seeded.createdAt, "UTC")}"]`)).toHaveAttribute("data-leads", "1");
  await context.close();
});
