// Issue 14 item 2: in a Portuguese browser every admin page is in Portuguese (no English catalogue text, no
// English-only word: tests/support/catalogues.ts), with Brazilian dates and numbers; screenshots at 1440
// and 390 px with no sideways scrolling. An English browser still gets English, and the account page's
// choice wins over the browser's.

import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { findUntranslated } from "../support/catalogues";
import { expect, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";
import { removeDataDir, startServer, stopAll, tempDataDir } from "./support/server";

const WIDTHS = [390, 1440] as const;

test.use({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });

/** Loads `path` at each width: in Portuguese, screenshot `pt-br-admin-<name>-<width>`, no wider than the viewport. */
async function inPortuguese(page: Page, name: string, path: string, ready?: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    if (ready) await ready(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await screenshot(page, `pt-br-admin-${name}-${width}`);
    // What people read (innerText: the rendered text, not scripts' source) and what they hear or hover, but
    // not what is marked English on purpose (lang="en": the error codes' documentation, like the API).
    await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>('body [lang="en"]')) element.style.display = "none";
    });
    // biome-ignore lint/performance/useDomNodeTextContent: textContent would include the RSC payload's scripts
    const visible = await page.locator("body").innerText();
    const attributes = await page.evaluate(() =>
      [...document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")]
        .flatMap((element) => ["aria-label", "title", "placeholder", "alt"].map((name) => element.getAttribute(name) ?? ""))
        .join("\n"),
    );
    expect.soft(findUntranslated(`${visible}\n${attributes}`), `English on ${name} (${path})`).toEqual([]);
    await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>('body [lang="en"]')) element.style.display = "";
    });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(scrollWidth, `${name} at ${width} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(width);
  }
}

test("every admin page is in Portuguese in a pt-BR browser, at 390 px and 1440 px", async ({
  signedInPage: page,
  workspace,
  leadlink,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const base = `/w/${workspace.slug}`;
  const cli = <T>(args: string[]) => leadlinkCli<T>(leadlink.dataDir, args);
  const link = (name: string) =>
    cli<{ id: string; token: string }>(["link", "create", "--workspace", workspace.slug, "--name", name]);
  const active = await link("Página de primavera");
  const revoked = await link("Campanha antiga");
  await cli(["field", "create", "--workspace", workspace.slug, "--name", "porte", "--label", "Porte da empresa"]);
  await cli(["field", "create", "--workspace", workspace.slug, "--name", "verba", "--label", "Verba mensal", "--type", "number"]);
  const ingest = (token: string, data: object) => request.post(`/ingest/${token}`, { data });
  const first = await ingest(active.token, {
    name: "Ana Beatriz Souza",
    email: "ana@example.com",
    telephone: "(11) 98765-4321",
    utmSource: "google",
    customFields: { porte: "Grande", verba: 12500 },
  });
  expect(first.status()).toBe(201);
  const { leadId } = (await first.json()) as { leadId: string };
  expect((await ingest(active.token, { email: "ana@example.com", city: "Recife" })).status()).toBe(200);
  expect((await ingest(active.token, { email: "não-é-email" })).status()).toBe(422);
  expect((await ingest(revoked.token, { email: "bruno@example.com" })).status()).toBe(201);
  await cli(["link", "revoke", "--workspace", workspace.slug, "--id", revoked.id]);

  await inPortuguese(page, "dashboard", base, async (view) => expect(view.getByTestId("daily-chart")).toBeVisible());
  await inPortuguese(page, "leads", `${base}/leads`, async (view) => {
    await expect(view.getByTestId("lead-row").first()).toBeVisible();
    // Phones the Brazilian way.
    await expect(view.getByTestId("leads-rows")).toContainText("+55 11 98765-4321");
  });
  await inPortuguese(page, "leads-empty", `${base}/leads?q=ninguem-aqui`);
  await inPortuguese(page, "lead-detail", `${base}/leads/${leadId}`, async (view) => {
    await expect(view.getByTestId("timeline")).toBeVisible();
    // Brazilian dates: "24 de nov. de 2026".
    await expect(view.locator("time").first()).toHaveText(/\d{1,2} de [a-z]{3}\. de \d{4}/);
  });
  await inPortuguese(page, "lead-not-found", `${base}/leads/${randomUUID()}`);
  await inPortuguese(page, "links", `${base}/links`);
  await inPortuguese(page, "link-new", `${base}/links/new`);
  await inPortuguese(page, "link-detail", `${base}/links/${active.id}`);
  await inPortuguese(page, "link-detail-revoked", `${base}/links/${revoked.id}`);
  await inPortuguese(page, "fields", `${base}/fields`);
  await inPortuguese(page, "members", `${base}/members`);
  await inPortuguese(page, "account", "/account");
  await inPortuguese(page, "workspace-new", "/workspaces/new");
  await inPortuguese(page, "workspace-not-found", `/w/no-such-workspace-${workspace.slug}`);
  await inPortuguese(page, "not-found", "/no/such/page");
  await inPortuguese(page, "problem", "/problems/validation_failed");

  const signedOut = await browser.newContext({ baseURL, locale: "pt-BR" });
  await inPortuguese(await signedOut.newPage(), "signin", "/signin");
  await signedOut.close();
});

test("the first-run setup page is in Portuguese", async ({ browser }) => {
  test.setTimeout(180_000);
  const dataDir = tempDataDir();
  const server = await startServer({ dataDir });
  try {
    const context = await browser.newContext({ baseURL: server.url, locale: "pt-BR" });
    await inPortuguese(await context.newPage(), "setup", "/setup", async (view) =>
      expect(view.getByRole("button").first()).toBeVisible(),
    );
    await context.close();
  } finally {
    await stopAll([server]);
    removeDataDir(dataDir);
  }
});

test.describe("in an English browser", () => {
  test.use({ locale: "en-US" });

  test("the admin is English, and the account page's language wins over the browser's", async ({ signedInPage: page }) => {
    await page.goto("/account");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();

    await page.getByLabel("Language", { exact: true }).selectOption("pt-BR");
    await page.getByRole("button", { name: "Save language" }).click();
    await expect(page.getByText("Idioma salvo.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sua conta" })).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page.getByLabel("Idioma", { exact: true })).toHaveValue("pt-BR");

    await page.getByLabel("Idioma", { exact: true }).selectOption("auto");
    await page.getByRole("button", { name: "Salvar idioma" }).click();
    await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  });
});
