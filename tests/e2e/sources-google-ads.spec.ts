// Issue 28 (DESIGN.md section 15): the admin's link creation form makes a Google Ads link, in English and in
// Portuguese, at 390 and 1440 px, with no serious or critical axe-core violation; the link's page shows the
// generated key with a copy button, and Google's documented body with that key is accepted (200).

import { expect, test } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { noSidewaysScroll } from "./support/layout";

const WIDTHS = [390, 1440] as const;

for (const { locale, lang, source, option } of [
  { locale: "en-US", lang: "en", source: "Source", option: "Google Ads lead forms" },
  { locale: "pt-BR", lang: "pt-BR", source: "Origem", option: "Formulários de lead do Google Ads" },
] as const) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale });

    test(`creates a Google Ads link and shows its key (${lang})`, async ({ signedInPage: page, workspace, baseURL }) => {
      let url = "";
      let key = "";
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.goto(`/w/${workspace.slug}/links/new`);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await page.getByLabel(source, { exact: true }).selectOption({ label: option });
        await expectAccessible(page, `new link, google_ads, ${width}px`);
        await noSidewaysScroll(page);
        await page.locator("#name").fill(`Google ${width}`);
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL(/\/links\/[0-9a-f-]{36}$/);
        const shown = page.getByTestId("google-key");
        await expect(shown).toHaveValue(/^gk_[A-Za-z0-9_-]{22}$/);
        await expect(page.getByTestId("link-source")).toHaveText(option);
        await expectAccessible(page, `link page, google_ads, ${width}px`);
        await noSidewaysScroll(page);
        key = await shown.inputValue();
        url = await page.getByTestId("capture-url").inputValue();
      }
      // Google's documented body with the key shown: 200, and the lead is in the link's log.
      const path = new URL(url).pathname;
      const answer = await page.request.post(`${baseURL}${path}`, {
        data: {
          lead_id: `e2e-${Date.now()}`,
          user_column_data: [{ column_name: "User Email", string_value: `e2e-${Date.now()}@example.com`, column_id: "EMAIL" }],
          api_version: "1.0",
          form_id: 40000000000,
          campaign_id: 20000000000,
          google_key: key,
          is_test: false,
        },
      });
      expect(answer.status()).toBe(200);
      const wrong = await page.request.post(`${baseURL}${path}`, { data: { google_key: `${key}x`, user_column_data: [] } });
      expect(wrong.status()).toBe(403);
      expect((await wrong.json()).code).toBe("invalid_source_key");
    });
  });
}
