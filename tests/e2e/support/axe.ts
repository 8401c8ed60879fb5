import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const SHOWN_TARGETS = 8;

/**
 * Runs axe-core's WCAG 2.1 A and AA rules on what the page shows now; a violation of impact serious or critical fails
 * the test, named with its first targets. The failure is soft: the test goes on to its other pages and reports them all.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // Legacy mode runs axe in the page itself: the default opens a blank page per run to merge frames' results, and
  // these pages have no frames; only violations are collected. Both save seconds per page on two cores.
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => {
      const targets = violation.nodes.slice(0, SHOWN_TARGETS).map((node) => node.target.join(" "));
      const more = violation.nodes.length > SHOWN_TARGETS ? [`… ${violation.nodes.length - SHOWN_TARGETS} more`] : [];
      return `${violation.id} (${violation.impact}): ${violation.help}\n    ${[...targets, ...more].join("\n    ")}`;
    });
  expect.soft(serious, `axe violations on ${name} (${page.url()})`).toEqual([]);
}
