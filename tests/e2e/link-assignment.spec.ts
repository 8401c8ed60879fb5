// DESIGN.md section 16 in a browser: an admin turns a link's round-robin on, chooses the members it rotates
// through and sets a response target on the link page; a member marks themselves away on the notifications page.
// In English and Portuguese, at 390 and 1440 px, with no horizontal scrolling and no serious or critical axe-core
// violation; the settings are read back through the command line (the same verb as the API).
import { seedWorkspace, signIn } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { leadlinkCli } from "./support/cli";
import { test as base, expect } from "./support/fixtures";
import { screenshot } from "./support/screenshot";

const test = base;

const WORDS = {
  "en-US": {
    title: "Assignment",
    roundRobin: "Assign new leads in turn (round-robin)",
    target: "Response target (minutes)",
    save: "Update assignment",
    saved: "Assignment saved.",
    away: "I am away",
    awaySave: "Update away status",
    awaySaved: "Saved.",
    badge: "away",
  },
  "pt-BR": {
    title: "Atribuição",
    roundRobin: "Atribuir novos leads em rodízio",
    target: "Meta de resposta (minutos)",
    save: "Atualizar atribuição",
    saved: "Atribuição salva.",
    away: "Estou ausente",
    awaySave: "Atualizar ausência",
    awaySaved: "Salvo.",
    badge: "ausente",
  },
} as const;

// One test per language and width: each seeds its own workspace and has its own time limit and retry.
for (const locale of ["en-US", "pt-BR"] as const) {
  for (const width of [390, 1440]) {
    test(`an admin sets a link's round-robin and response target, and marks themselves away (${locale}, ${width} px)`, async ({
      leadlink,
      browser,
    }) => {
      // Six command-line calls and two axe runs: about a minute on a quiet machine, more on CI's shared cores.
      test.setTimeout(240_000);
      const words = WORDS[locale];
      const owner = await seedWorkspace(leadlink.dataDir);
      const cli = <T>(args: string[]) => leadlinkCli<T>(leadlink.dataDir, args);
      const link = await cli<{ id: string }>(["link", "create", "--workspace", owner.slug, "--name", `Landing ${width}`]);
      const context = await browser.newContext({ baseURL: leadlink.url, locale, viewport: { width, height: 900 } });
      await signIn(context, leadlink.url, owner.email, owner.password);
      const page = await context.newPage();

      await page.goto(`/w/${owner.slug}/links/${link.id}`);
      await expect(page.getByRole("heading", { name: words.title, exact: true })).toBeVisible();
      await page.getByLabel(words.roundRobin).check();
      await page.getByRole("checkbox", { name: owner.email }).check();
      await page.getByLabel(words.target).fill("0");
      await page.getByRole("button", { name: words.save }).click();
      // Out of range: refused next to the box, in the page's language, nothing saved.
      await expect(page.locator("#responseTargetMinutes-error")).toBeVisible();
      // The page is hydrated now (the action answered): the rotation's ticks are React state from here on.
      await page.getByRole("checkbox", { name: owner.email }).check();
      await page.getByLabel(words.target).fill("15");
      await page.getByRole("button", { name: words.save }).click();
      await expect(page.getByRole("status")).toContainText(words.saved);
      await page.reload();
      await expect(page.getByLabel(words.roundRobin)).toBeChecked();
      await expect(page.getByRole("checkbox", { name: owner.email })).toBeChecked();
      await expect(page.getByLabel(words.target)).toHaveValue("15");
      const settings = await cli<{ roundRobin: boolean; responseTargetMinutes: number; assignees: { email: string }[] }>([
        "link",
        "assignment",
        "--workspace",
        owner.slug,
        "--id",
        link.id,
      ]);
      expect(settings).toMatchObject({ roundRobin: true, responseTargetMinutes: 15, assignees: [{ email: owner.email }] });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page, `link page ${locale} ${width}`);
      await screenshot(page, `link-assignment-${locale}-${width}`);

      await page.goto(`/w/${owner.slug}/notifications`);
      await page.getByLabel(words.away).check();
      await page.getByRole("button", { name: words.awaySave }).click();
      await expect(page.getByRole("status")).toContainText(words.awaySaved);
      await expect(page.getByLabel(words.away)).toBeChecked();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page, `notifications ${locale} ${width}`);
      await screenshot(page, `away-${locale}-${width}`);
      await page.getByLabel(words.away).uncheck();
      await page.getByRole("button", { name: words.awaySave }).click();
      await expect(page.getByRole("status")).toContainText(words.awaySaved);

      // Away shows on the link page's rotation.
      await cli(["member", "away", "--workspace", owner.slug, "--email", owner.email]);
      await page.goto(`/w/${owner.slug}/links/${link.id}`);
      await expect(page.getByText(words.badge, { exact: true })).toBeVisible();
      await cli(["member", "away", "--workspace", owner.slug, "--email", owner.email, "--back"]);
      await context.close();
    });
  }
}
