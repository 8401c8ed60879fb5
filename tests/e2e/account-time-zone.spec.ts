// Issue 27 in the browser: a member's own time zone on the account page (DESIGN.md section 13), saved and shown
// again, accessible (axe) and without sideways scroll at 390 and 1440 px.
import { expect, test } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { screenshot } from "./support/screenshot";

test("a member chooses their own time zone on the account page, and can go back to each workspace's", async ({
  signedInPage: page,
}) => {
  await page.goto("/account");
  const zone = page.getByLabel("Time zone", { exact: true });
  await expect(zone).toHaveValue("workspace");
  await zone.selectOption("Asia/Tokyo");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByText("Time zone saved: Tokyo time (GMT+9).")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Time zone", { exact: true })).toHaveValue("Asia/Tokyo");

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `account at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await expectAccessible(page, `account at ${width} px`);
    await screenshot(page, `account-time-zone-${width}`);
  }

  await page.getByLabel("Time zone", { exact: true }).selectOption("workspace");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByText("Time zone saved: each workspace's own.")).toBeVisible();
});
