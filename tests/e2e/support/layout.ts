import { expect, type Page } from "@playwright/test";

/** Nothing on the page runs off its side (a soft check: the spec goes on to its other checks). */
export async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(overflow).toBeLessThanOrEqual(0);
}
