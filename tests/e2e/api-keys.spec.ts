import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/admin";
import { screenshot } from "./support/screenshot";
import { ROOT } from "./support/server";

test("an owner creates an API key, sees its token once, uses it, revokes it, and it is refused", async ({
  signedInPage: page,
  workspace,
}) => {
  await page.goto(`/w/${workspace.slug}`);
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${workspace.slug}/api-keys$`));
  await expect(page.getByText("No API keys yet")).toBeVisible();

  await page.getByLabel("Name").fill("Zapier");
  await page.getByLabel("Scope").selectOption("write");
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toContainText("shown only once");
  const token = (await shown.locator("code").first().textContent())!.trim();
  expect(token).toMatch(/^llk_[A-Za-z0-9_-]{32}$/);
  const row = page.locator('[data-testid="api-key-row"][data-name="Zapier"]');
  await expect(row).toContainText("Write");
  await expect(row).toContainText(token.slice(0, 8));
  await expect(row).toContainText("Last used never");

  // The token works with fetch, as an integration would use it.
  const call = (key: string) =>
    page.evaluate(async (bearer) => {
      const response = await fetch("/api/v1/links", {
        method: "POST",
        headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Made by the API" }),
      });
      return { status: response.status, type: response.headers.get("content-type"), body: await response.json() };
    }, key);
  const made = await call(token);
  expect(made.status).toBe(201);
  expect(made.body.name).toBe("Made by the API");

  // Shown once: after a reload only the prefix remains.
  await page.reload();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(token);
  await expect(row).not.toContainText("Last used never");
  await screenshot(page, "api-keys-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "api-keys-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");
  const refused = await call(token);
  expect(refused.status).toBe(401);
  expect(refused.type).toMatch(/^application\/problem\+json/);
  expect(refused.body.code).toBe("unauthorized");
});

test("/docs renders the OpenAPI document with no asset from another host", async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL!).origin && !request.url().startsWith("data:"))
      foreign.push(request.url());
  });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/docs");
    await expect(page.getByRole("heading", { name: /Leadlink API/ }).first()).toBeVisible();
    await expect(page.getByText("/api/v1/leads", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("/ingest/{captureLink}", { exact: true })).toBeVisible();
    await expect(page.getByText("Leadlink-Dry-Run").first()).toBeVisible();
    await screenshot(page, `api-docs-${width}`);
  }
  expect(foreign).toEqual([]);
  expect(violations).toEqual([]);
});

test.describe("in Portuguese", () => {
  test.use({ locale: "pt-BR" });

  test("the API keys page speaks Brazilian Portuguese", async ({ signedInPage: page, workspace }) => {
    await page.goto(`/w/${workspace.slug}/api-keys`);
    await page.getByLabel("Nome").fill("Zapier");
    await page.getByRole("button", { name: "Criar chave" }).click();
    await expect(page.getByTestId("new-api-key")).toContainText("mostrado uma única vez");
    await page.reload();
    // biome-ignore lint/performance/useDomNodeTextContent: textContent would include the RSC payload's scripts
    const text = await page.locator("main").innerText();
    // No English text of this page's catalogue (its literal parts of 12 characters or more) is left.
    const catalogue = (language: string) =>
      JSON.parse(readFileSync(path.join(ROOT, "messages", `${language}.json`), "utf8")).apiKeys as Record<string, string>;
    const [english, portuguese] = [catalogue("en"), catalogue("pt-BR")];
    const leftovers = Object.entries(english)
      .filter(([key, value]) => value !== portuguese[key])
      .flatMap(([, value]) => value.split(/\{[^}]*\}|<[^>]*>/).filter((part) => part.trim().length >= 12))
      .filter((part) => text.includes(part.trim()));
    expect(leftovers).toEqual([]);
    await expect(page.locator('[data-testid="api-key-row"]')).toContainText("Nunca usada");
  });
});
