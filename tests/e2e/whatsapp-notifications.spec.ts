// DESIGN.md section 14 in a browser: on a server with WhatsApp configured, a member gives their number on the
// notifications page (read in the workspace's country, shown back in E.164); on one without, the page says the
// server has no WhatsApp. At 390 and 1440 px, with no horizontal scrolling.
import { seedWorkspace, signIn } from "./support/admin";
import { test as base, expect } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { type RunningServer, removeDataDir, startServer, tempDataDir } from "./support/server";

// A server of its own for the configured case: WhatsApp is read from the environment when the process starts.
const test = base.extend<object, { whatsappServer: RunningServer }>({
  whatsappServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = tempDataDir();
      const server = await startServer({
        dataDir,
        env: { WHATSAPP_TOKEN: "EAAG-e2e-token", WHATSAPP_PHONE_NUMBER_ID: "106540352242922" },
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

test("a member saves their WhatsApp number on the notifications page (390 and 1440 px)", async ({ whatsappServer, browser }) => {
  const owner = await seedWorkspace(whatsappServer.dataDir);
  const baseURL = whatsappServer.url;
  for (const width of [390, 1440]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    await signIn(context, baseURL, owner.email, owner.password);
    const page = await context.newPage();
    await page.goto(`/w/${owner.slug}/notifications`);
    await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
    await page.getByLabel("Your WhatsApp number").fill(width === 390 ? "(11) 98765-4321" : "+55 21 99876-5432");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toContainText("Saved");
    await page.reload();
    await expect(page.getByLabel("Your WhatsApp number")).toHaveValue(width === 390 ? "+5511987654321" : "+5521998765432");
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await screenshot(page, `whatsapp-notifications-${width}`);
    await context.close();
  }
});

test("without WhatsApp on the server, the notifications page says so and offers no number box", async ({ leadlink, browser }) => {
  const owner = await seedWorkspace(leadlink.dataDir);
  for (const width of [390, 1440]) {
    const context = await browser.newContext({ baseURL: leadlink.url, viewport: { width, height: 900 } });
    await signIn(context, leadlink.url, owner.email, owner.password);
    const page = await context.newPage();
    await page.goto(`/w/${owner.slug}/notifications`);
    await expect(page.getByText("This server has no WhatsApp configured")).toBeVisible();
    await expect(page.getByLabel("Your WhatsApp number")).toHaveCount(0);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await context.close();
  }
});
