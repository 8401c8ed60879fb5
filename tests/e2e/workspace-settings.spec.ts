// Issue 27 part 1 in the browser: the workspace settings page (language and time zone) saved by its owner, in
// English and Portuguese, accessible (axe) and without sideways scroll at 390 and 1440 px; the notifications
// page's "Send me a preview now". (The emails' HTML is saved by tests/integration/reader-messages.test.ts under
// test-results/emails/, which Playwright empties when it starts: docs/email.md says how to look at them.)
import type { Page } from "@playwright/test";
import { expect, test } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

/** Axe and a screenshot at a phone's 390 px and a desktop's 1440 px; neither may scroll sideways. */
async function check(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await expectAccessible(page, `${name} at ${width} px`);
    await screenshot(page, `${name}-${width}`);
  }
}

async function chooseAdminLanguage(page: Page, choice: "en" | "pt-BR") {
  await page.goto("/account");
  await page.locator("#locale").selectOption(choice);
  await page
    .locator("form")
    .filter({ has: page.locator("#locale") })
    .getByRole("button")
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", choice);
}

test("an owner sets the workspace's language and time zone; the page reads well in English and Portuguese", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  await chooseAdminLanguage(page, "en");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/w/${workspace.slug}`);
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${workspace.slug}/settings/workspace$`));
  await expect(page.getByLabel("Time zone")).toHaveValue("America/Sao_Paulo");
  await check(page, "workspace-settings-en");

  await page.getByLabel("Language").selectOption("en");
  await page.getByLabel("Time zone").selectOption("America/Manaus");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").or(page.getByRole("status")).first()).toContainText(
    "Saved: messages are written in English, times in Manaus time (GMT-4).",
  );
  const shown = await leadlinkCli<{ language: string; timeZone: string }>(leadlink.dataDir, [
    "workspace",
    "settings",
    "show",
    "--workspace",
    workspace.slug,
  ]);
  expect(shown).toMatchObject({ language: "en", timeZone: "America/Manaus" });

  await chooseAdminLanguage(page, "pt-BR");
  await page.goto(`/w/${workspace.slug}/settings/workspace`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configurações do workspace");
  await expect(page.getByLabel("Fuso horário")).toHaveValue("America/Manaus");
  await check(page, "workspace-settings-pt-BR");

  await page.goto(`/w/${workspace.slug}/notifications`);
  await expect(page.getByRole("button", { name: "Enviar uma prévia agora" })).toBeVisible();
  await expect(page.getByText("Um e-mail por dia às 08:00, horário de Manaus (GMT-4),")).toBeVisible();
  await check(page, "notifications-preview-pt-BR");
  await chooseAdminLanguage(page, "en");
  await page.goto(`/w/${workspace.slug}/notifications`);
  await expect(page.getByRole("button", { name: "Send me a preview now" })).toBeVisible();
  await check(page, "notifications-preview-en");
});
