// DESIGN.md section 15: a Meta Lead Ads link's page lists the leads Meta announced that Leadlink is still reading
// from the Graph API, with their tries and last error ("Waiting for Meta"), in English and Portuguese, at 390 and
// 1440 px, with no serious or critical axe-core violation and no sideways scroll; and no JSON snippets, nor words
// that point at them (a Meta link takes Meta's webhooks). A server of its own whose Graph
// API is a port nothing listens on, so the fetches stay pending and fail with an error to show.
import { createHmac, randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { seedWorkspace, signIn } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { leadlinkCli } from "./support/cli";
import { noSidewaysScroll } from "./support/layout";
import { freePort } from "./support/ports";
import { screenshot } from "./support/screenshot";
import { type RunningServer, removeDataDir, startServer, tempDataDir } from "./support/server";

const APP_SECRET = randomBytes(16).toString("hex");
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ dataDir: tempDataDir(), env: { META_GRAPH_URL: `http://127.0.0.1:${await freePort()}` } });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** Meta's leadgen webhook for `ids`, signed with the app's secret as Meta signs it. */
async function announce(token: string, ids: string[]): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    object: "page",
    entry: [
      {
        id: "555555555555",
        time: now,
        changes: ids.map((id) => ({
          field: "leadgen",
          value: { ad_id: "1", form_id: "2", leadgen_id: id, created_time: now, page_id: "555555555555" },
        })),
      },
    ],
  });
  const answer = await fetch(`${server.url}/ingest/${token}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-hub-signature-256": `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`,
    },
    body,
  });
  return answer.status;
}

for (const { locale, lang, waiting, lastError, connect, emptyLog } of [
  {
    locale: "en-US",
    lang: "en",
    waiting: /2 leads waiting to be read from Meta/,
    lastError: /Last error: /,
    connect: /the Source card below says how to connect it/,
    emptyLog: "No requests yet. Every request that reaches this link shows up here, accepted or not.",
  },
  {
    locale: "pt-BR",
    lang: "pt-BR",
    waiting: /2 leads aguardando a leitura na Meta/,
    lastError: /Último erro: /,
    connect: /o cartão Origem abaixo diz como conectá-la/,
    emptyLog: "Nenhuma requisição ainda. Toda requisição que chega a este link aparece aqui, aceita ou não.",
  },
] as const) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale });

    test(`the link's page shows the leads waiting for Meta, their tries and last error (${lang})`, async ({ page, context }) => {
      test.setTimeout(120_000);
      const workspace = await seedWorkspace(server.dataDir);
      const link = await leadlinkCli<{ id: string; token: string }>(server.dataDir, [
        "link",
        "create",
        "--workspace",
        workspace.slug,
        "--name",
        "Meta",
        "--source",
        "meta_lead_ads",
        "--meta-app-secret",
        APP_SECRET,
        "--meta-page-token",
        "EAAB-pending",
        "--meta-verify-token",
        "pending-verify",
      ]);
      const base = 9_100_000_000_000 + Math.floor(Math.random() * 1_000_000);
      expect(await announce(link.token, [String(base), String(base + 1)])).toBe(200);

      await signIn(context, server.url, workspace.email, workspace.password);
      const card = page.getByTestId("pending-meta-fetches");
      // The first try fails at once (nothing listens): its error is on the page once it is recorded.
      await expect(async () => {
        await page.goto(`${server.url}/w/${workspace.slug}/links/${link.id}`);
        await expect(card.getByText(lastError).first()).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 60_000 });
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(card).toContainText(waiting);
      await expect(card).toContainText(String(base));
      await expect(card).toContainText(String(base + 1));
      // The JSON snippets are a JSON link's: a Meta link takes Meta's webhooks, as its source card says.
      await expect(page.getByText("curl -X POST")).toHaveCount(0);
      await expect(page.getByText(connect)).toBeVisible();
      await expect(page.getByText(emptyLog)).toBeVisible();

      for (const width of [390, 1440] as const) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.goto(`${server.url}/w/${workspace.slug}/links/${link.id}`);
        await expect(card).toBeVisible();
        await card.scrollIntoViewIfNeeded();
        await expectAccessible(page, `link page, pending Meta fetches, ${lang}, ${width}px`);
        await noSidewaysScroll(page);
        await screenshot(page, `meta-pending-fetches-${lang}-${width}`);
      }
    });
  });
}
