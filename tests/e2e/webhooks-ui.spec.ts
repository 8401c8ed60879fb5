import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { type Receiver, startReceiver } from "../support/webhook-receiver";
import { test as adminTest, expect, signIn } from "./support/admin";
import { screenshot } from "./support/screenshot";
import { ROOT, type RunningServer, removeDataDir, startServer, tempDataDir } from "./support/server";

// Issue 11, part 2, in a real browser against a production server: an owner creates an endpoint pointing to a
// local receiver, sends a test event and sees its attempt, makes the receiver fail and sees the failed
// attempts, resends once it recovers and sees the message delivered. Members neither see nor reach the page.

// This file's own server: it must be allowed to reach 127.0.0.1, and a failing message should give up fast.
const test = adminTest.extend<object, { leadlink: RunningServer }>({
  leadlink: [
    async ({}, use) => {
      const dataDir = tempDataDir();
      const server = await startServer({
        dataDir,
        env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1", WEBHOOK_RETRY_SCHEDULE: "1s" },
      });
      try {
        await use(server);
      } finally {
        await server.stop();
        removeDataDir(dataDir);
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

type Tree = { [key: string]: string | Tree };

/** The webhooks namespace's English texts that differ in Portuguese (plain parts of 12+ characters). */
function englishOnlyTexts(): string[] {
  const read = (name: string) =>
    (JSON.parse(fs.readFileSync(path.join(ROOT, "messages", name), "utf8")) as Tree).webhooks as Tree;
  const flatten = (tree: Tree, prefix = ""): [string, string][] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
    );
  const portuguese = new Map(flatten(read("pt-BR.json")));
  return flatten(read("en.json"))
    .filter(([key, english]) => portuguese.get(key) !== english)
    .flatMap(([, english]) => english.split(/\{[^}]*\}|<[^>]*>/))
    .map((part) => part.trim())
    .filter((part) => part.length >= 12);
}

let receiver: Receiver;
let failing = false;

test.beforeAll(async () => {
  receiver = await startReceiver();
  receiver.answer(() => (failing ? { status: 500, body: "receiver is down" } : { status: 200, body: "got it" }));
});

test.afterAll(async () => {
  await receiver?.close();
});

/** The delivery log is filled by the dispatcher after the page answered: reload until `check` passes. */
async function untilLogShows(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000, intervals: [250, 500, 1_000] });
}

test("create an endpoint, send a test event, see it fail, resend, see it delivered", async ({
  signedInPage: page,
  workspace,
}) => {
  test.setTimeout(120_000);
  const path = `/hook-${workspace.slug}`;

  await page.goto(`/w/${workspace.slug}`);
  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { name: "No webhook endpoints yet" })).toBeVisible();
  await page.getByRole("link", { name: "Add an endpoint" }).click();

  // A bad URL is refused next to the field, and what was typed stays.
  await page.getByLabel("URL").fill("not a url");
  await page.getByLabel("Description").fill("CRM intake");
  await page.getByRole("button", { name: "+ Add a header" }).click();
  await page.getByLabel("Header 1 name").fill("X-Api-Key");
  await page.getByLabel("Header 1 value").fill("key-12345");
  await page.getByRole("button", { name: "Create endpoint" }).click();
  await expect(page.locator("#url-error")).toBeVisible();
  await expect(page.getByLabel("Header 1 value")).toHaveValue("key-12345");
  await expect(page.getByLabel("Description")).toHaveValue("CRM intake");

  await page.getByLabel("URL").fill(receiver.url(path));
  await page.getByRole("button", { name: "Create endpoint" }).click();
  const secret = page.getByTestId("webhook-secret");
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await page.getByRole("link", { name: "Open the endpoint" }).click();
  await expect(page.getByRole("heading", { name: "CRM intake" })).toBeVisible();
  // The header's value is masked once saved.
  await expect(page.getByText("X-Api-Key: ke••••")).toBeVisible();

  // A test event: delivered, and its attempt in the log.
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Test event" })).toBeVisible();
  const [delivered] = await receiver.waitFor(path, 1);
  expect(JSON.parse(delivered!.body)).toMatchObject({ type: "lead.created", test: true });
  expect(delivered!.headers["x-api-key"]).toBe("key-12345");
  const first = page.locator(`[data-message-id="${delivered!.headers["webhook-id"]}"]`);
  await untilLogShows(page, async () => {
    await expect(first).toHaveAttribute("data-state", "delivered", { timeout: 1_000 });
  });
  await expect(first.getByTestId("webhook-attempt")).toHaveCount(1);
  await expect(first.getByTestId("webhook-attempt")).toContainText("HTTP 200");

  // The receiver fails: the next test event's attempts fail (one retry after 1 s), and it ends failed.
  failing = true;
  await page.getByRole("button", { name: "Send test event" }).click();
  const [, failedRequest] = await receiver.waitFor(path, 3);
  const failedId = failedRequest!.headers["webhook-id"] as string;
  const failed = page.locator(`[data-message-id="${failedId}"]`);
  await untilLogShows(page, async () => {
    await expect(failed).toHaveAttribute("data-state", "failed", { timeout: 1_000 });
  });
  await expect(failed.getByTestId("webhook-attempt")).toHaveCount(2);
  await expect(failed.getByTestId("webhook-attempt").first()).toContainText("HTTP 500");
  await failed.getByTestId("webhook-attempt").first().getByText("Answer").click();
  await expect(failed.getByText("receiver is down").first()).toBeVisible();

  // Only failed messages, then all again.
  await page.getByRole("link", { name: "Failed", exact: true }).click();
  await expect(page.getByTestId("webhook-message")).toHaveCount(1);
  await page.getByRole("link", { name: "All", exact: true }).click();
  await expect(page.getByTestId("webhook-message")).toHaveCount(2);

  // It recovers: "Resend" makes a new attempt with the same webhook-id, and the message is delivered.
  failing = false;
  await failed.getByRole("button", { name: "Resend" }).click();
  const requests = await receiver.waitFor(path, 4);
  expect(requests[3]!.headers["webhook-id"]).toBe(failedId);
  expect(requests[3]!.body).toBe(failedRequest!.body);
  await untilLogShows(page, async () => {
    await expect(failed).toHaveAttribute("data-state", "delivered", { timeout: 1_000 });
  });
  await expect(failed.getByTestId("webhook-attempt")).toHaveCount(3);
  await expect(failed.getByTestId("webhook-attempt").last()).toContainText("HTTP 200");

  // The list shows the endpoint with its last delivery.
  await page.getByRole("link", { name: "Webhooks" }).click();
  const row = page.getByTestId("webhook-endpoint");
  await expect(row).toContainText(receiver.url(path));
  await expect(row.getByTestId("last-delivery")).toContainText("delivered (HTTP 200)");

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/w/${workspace.slug}/webhooks`);
    await screenshot(page, `webhooks-list-${width}`);
    await page.getByTestId("webhook-endpoint").getByRole("link").first().click();
    await expect(page.getByTestId("webhook-message")).toHaveCount(2);
    await screenshot(page, `webhooks-detail-${width}`);
    // Nothing runs off the side of the page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});

test("editing keeps masked header values, disabling and deleting work; members get a 404", async ({
  signedInPage: page,
  workspace,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const path = `/edit-${workspace.slug}`;
  await page.goto(`/w/${workspace.slug}/webhooks/new`);
  await page.getByLabel("URL").fill(receiver.url(path));
  await page.getByRole("button", { name: "+ Add a header" }).click();
  await page.getByLabel("Header 1 name").fill("Authorization");
  await page.getByLabel("Header 1 value").fill("Bearer token-abc");
  await page.getByRole("button", { name: "Create endpoint" }).click();
  await page.getByRole("link", { name: "Open the endpoint" }).click();

  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Header 1 value")).toHaveValue("");
  await page.getByLabel("Description").fill("n8n flow");
  await page.getByRole("button", { name: "Save endpoint" }).click();
  await expect(page.getByRole("heading", { name: "n8n flow" })).toBeVisible();
  await page.getByRole("button", { name: "Send test event" }).click();
  const [request] = await receiver.waitFor(path, 1);
  expect(request!.headers.authorization).toBe("Bearer token-abc");

  await page.getByRole("button", { name: "Disable" }).click();
  await expect(page.getByRole("button", { name: "Enable" })).toBeVisible();

  // A member of the workspace: no Webhooks in the navigation, and the page is a 404.
  await page.goto(`/w/${workspace.slug}/members`);
  const memberEmail = `member-${workspace.slug}@example.com`;
  await page.getByRole("radio", { name: /New account/ }).check();
  await page.getByLabel("Email").fill(memberEmail);
  await page.getByLabel("Password", { exact: true }).fill("member password");
  await page.getByLabel("Role").selectOption("member");
  await page.getByRole("button", { name: "Create account and add" }).click();
  await expect(page.getByRole("status")).toContainText(`Added ${memberEmail} as member`);
  const memberContext = await browser.newContext({ baseURL });
  await signIn(memberContext, baseURL!, memberEmail, "member password");
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`/w/${workspace.slug}`);
  await expect(memberPage.getByRole("link", { name: "Leads" })).toBeVisible();
  await expect(memberPage.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  const answer = await memberPage.goto(`/w/${workspace.slug}/webhooks`);
  expect(answer?.status()).toBe(404);
  await memberContext.close();

  await page.goto(`/w/${workspace.slug}/webhooks`);
  await page.getByTestId("webhook-endpoint").getByRole("link").first().click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete endpoint" }).click();
  await expect(page.getByRole("heading", { name: "No webhook endpoints yet" })).toBeVisible();
});

test("in a Portuguese browser the webhook pages are in Portuguese", async ({ workspace, browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  await signIn(context, baseURL!, workspace.email, workspace.password);
  const page = await context.newPage();
  const englishOnly = englishOnlyTexts();
  expect(englishOnly.length).toBeGreaterThan(50);
  const untranslated = async (name: string) => {
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    // biome-ignore lint/performance/useDomNodeTextContent: textContent would include the RSC payload's scripts
    const visible = await page.locator("body").innerText();
    const attributes = await page.evaluate(() =>
      [...document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")]
        .flatMap((element) =>
          ["aria-label", "title", "placeholder", "alt"].map((attribute) => element.getAttribute(attribute) ?? ""),
        )
        .join("\n"),
    );
    const text = `${visible}\n${attributes}`.replace(/\s+/g, " ");
    expect
      .soft(
        englishOnly.filter((english) => text.includes(english)),
        `English on ${name}`,
      )
      .toEqual([]);
  };

  await page.goto(`/w/${workspace.slug}/webhooks`);
  await expect(page.getByRole("heading", { name: "Nenhum endpoint de webhook ainda" })).toBeVisible();
  await untranslated("the empty list");
  await page.getByRole("link", { name: "Adicionar um endpoint" }).first().click();
  await page.getByRole("button", { name: "+ Adicionar um cabeçalho" }).click();
  await untranslated("the new endpoint form");
  await page.getByLabel("URL").fill(receiver.url(`/pt-${workspace.slug}`));
  await page.getByRole("button", { name: "Criar endpoint" }).click();
  await expect(page.getByText("Segredo de assinatura", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Abrir o endpoint" }).click();
  await page.getByRole("button", { name: "Enviar evento de teste" }).click();
  await receiver.waitFor(`/pt-${workspace.slug}`, 1);
  await untilLogShows(page, async () => {
    await expect(page.getByTestId("webhook-attempt")).toHaveCount(1, { timeout: 1_000 });
  });
  await untranslated("the endpoint page");
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `pt-br-webhooks-detail-${width}`);
  }
  await context.close();
});
