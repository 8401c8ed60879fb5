import path from "node:path";
import type { Page } from "@playwright/test";
import { ROOT } from "./server";

export const SCREENSHOT_DIR = path.join(ROOT, "tests/e2e/.artifacts/screenshots");

/** A full-page screenshot for people to look at (the directory is gitignored). */
export async function screenshot(page: Page, name: string): Promise<void> {
  // From the top: the sidebar is sticky, and a full-page capture of a scrolled page draws it where the
  // viewport was (mid-page), which no visitor sees.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
