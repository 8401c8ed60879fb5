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

/**
 * Text that is not in any catalogue but reads English (a domain message, a string forgotten in a component):
 * the lines with a word Portuguese never uses.
 */
function englishSentences(text: string): string[] {
  const english = /(^|[^\p{L}_])(the|your|must|this|with|and|not|been|was|are|is|of|to|has|have|no longer|please)([^\p{L}_]|$)/iu;
  return text.split("\n").filter((line) => english.test(line));
}

/**
 * What people read (innerText: the rendered text, not scripts' source; open dialogs included), what they hear
 * or hover, and the tab's title, but not what is marked English on purpose (lang="en": the error codes'
 * documentation, like the API).
 */
async function expectNoEnglish(page: Page, name: string) {
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
  const title = await page.title();
  expect.soft(findUntranslated(`${visible}\n${attributes}\n${title}`), `English on ${name}`).toEqual([]);
  expect.soft(englishSentences(`${visible}\n${attributes}\n${title}`), `English sentences on ${name}`).toEqual([]);
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('body [lang="en"]')) element.style.display = "";
  });
}

/** Loads `path` at each width: in Portuguese, screenshot `pt-br-admin-<name>-<width>`, no wider than the viewport. */
async function inPortuguese(page: Page, name: string, path: string, ready?: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    if (ready) await ready(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await screenshot(page, `pt-br-admin-${name}-${width}`);
    await expectNoEnglish(page, `${name} (${path})`);
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

test("the rest of the admin, its dialogs and its form errors are in Portuguese too", async ({
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
  const link = await cli<{ id: string; token: string }>(["link", "create", "--workspace", workspace.slug, "--name", "Site"]);
  const ingest = await request.post(`/ingest/${link.token}`, { data: { name: "Carla Dias", email: "carla@example.com" } });
  const { leadId } = (await ingest.json()) as { leadId: string };
  const webhook = await cli<{ id: string }>([
    "webhook",
    "create",
    "--workspace",
    workspace.slug,
    "--url",
    "https://crm.example.com/leadlink",
  ]);

  await inPortuguese(page, "workspaces", "/");
  await inPortuguese(page, "webhooks", `${base}/webhooks`);
  await inPortuguese(page, "webhook-new", `${base}/webhooks/new`);
  await inPortuguese(page, "webhook-detail", `${base}/webhooks/${webhook.id}`);
  await inPortuguese(page, "webhook-edit", `${base}/webhooks/${webhook.id}/edit`);
  await inPortuguese(page, "notifications", `${base}/notifications`);
  await inPortuguese(page, "api-keys", `${base}/api-keys`);
  await inPortuguese(page, "privacy", `${base}/settings/privacy`);
  await inPortuguese(page, "audit", `${base}/audit`);
  await inPortuguese(page, "link-spam", `${base}/links/${link.id}?filter=spam`);
  await inPortuguese(page, "leads-invalid-filters", `${base}/leads?from=2026-02-30&link=nope`, async (view) => {
    await expect(view.getByRole("alert").filter({ hasText: "De: deve ser uma data válida" })).toBeVisible();
  });
  await inPortuguese(page, "forms-thanks", "/forms/thanks");
  await inPortuguese(page, "forms-error", "/forms/error");

  // The dialogs: export, erase, and the confirm dialog's own buttons.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${base}/leads`);
  await page.getByRole("button", { name: "Exportar", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoEnglish(page, "export dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Aplicar…" }).click();
  await expect(page.getByTestId("bulk-confirmation")).toBeVisible();
  await expectNoEnglish(page, "bulk dialog");
  await page.goto(`${base}/leads/${leadId}`);
  await page.getByRole("button", { name: "Eliminar lead" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoEnglish(page, "erase dialog");
  await page.goto(`${base}/links/${link.id}`);
  await page.getByRole("button", { name: "Revogar link" }).click();
  const revoke = page.getByRole("dialog");
  await expect(revoke.getByRole("button", { name: "Cancelar" })).toBeVisible();
  await expectNoEnglish(page, "revoke dialog");
  await revoke.getByRole("button", { name: "Cancelar" }).click();
  await expect(revoke).toBeHidden();

  // The request log: the field, the code and what was sent as they were; the message in Portuguese.
  expect((await request.post(`/ingest/${link.token}`, { data: { email: "não-é-email" } })).status()).toBe(422);
  await page.reload();
  const rejected = page.locator('[data-testid="submission"][data-outcome="rejected"]').first();
  await rejected.locator("summary").click();
  await expect(rejected.getByText("deve ser um endereço de e-mail válido")).toBeVisible();
  await expectNoEnglish(page, "request log entry");

  // The copy button says so in Portuguese.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByTestId("capture-url").locator("xpath=../div/button").click();
  await expect(page.getByRole("button", { name: "Copiado" })).toBeVisible();

  // The domain's validation messages, worded in Portuguese by the admin (the API keeps them English).
  await page.goto(`${base}/links/new`);
  await page.locator("#name").fill("Formulário");
  await page.locator("#allowedOrigins").fill("nem uma origem");
  await page.locator("form").getByRole("button", { name: "Criar link de captura" }).click();
  await expect(page.getByText("Confira os campos destacados.")).toBeVisible();
  await expect(page.getByText("devem ser origens como https://www.example.com (esquema://host[:porta])")).toBeVisible();
  await expectNoEnglish(page, "link form errors");
  await page.goto("/workspaces/new");
  await page.locator("#name").fill("Outro espaço");
  await page.locator("#slug").fill(workspace.slug);
  await page.locator("form").getByRole("button").last().click();
  await expect(page.getByText("já é usado por outro espaço de trabalho")).toBeVisible();
  await expectNoEnglish(page, "workspace form errors");

  const signedOut = await browser.newContext({ baseURL, locale: "pt-BR" });
  const visitor = await signedOut.newPage();
  await inPortuguese(visitor, "forgot-password", "/forgot-password");
  await inPortuguese(visitor, "reset-password-expired", "/reset-password/no-such-token");
  await inPortuguese(visitor, "invite-expired", "/invite/no-such-token");
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
