// Issue 28 part 2 (DESIGN.md section 15): a mapping link's Mapping section on the link page: the preset, the
// expression, "Try on the last request received" (the mapped lead, or where the expression fails) and saving,
// in English and Portuguese at 390 and 1440 px, axe clean.
import pg from "pg";
import { MAPPING_PRESETS } from "../../lib/capture/sources/mapping/presets";
import { ENGINE_PORT, engineSocketDir } from "../../lib/db/embedded-engine";
import { tallyPayload } from "../support/mapping-payloads";
import { expect, test } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { leadlinkCli } from "./support/cli";

/** Makes the link a Tally mapping link, in the server's own database (through its engine's socket). */
async function makeTallyLink(dataDir: string, linkId: string): Promise<void> {
  const client = new pg.Client({ host: engineSocketDir(dataDir), port: ENGINE_PORT, user: "postgres", database: "postgres" });
  await client.connect();
  try {
    const settings = { preset: "tally", expression: MAPPING_PRESETS.tally.expression, signingSecret: null };
    await client.query("UPDATE capture_links SET source = 'mapping', source_settings = $2::jsonb WHERE id = $1::uuid", [
      linkId,
      JSON.stringify(settings),
    ]);
  } finally {
    await client.end();
  }
}

const LANGUAGES = [
  {
    locale: "en-US",
    lang: "en",
    words: {
      title: "Mapping",
      preset: "Tally",
      expression: "JSONata expression",
      try: "Try on the last request received",
      mapped: "The expression maps the last request to this lead:",
      failed: "The expression fails on the last request:",
      save: "Save expression",
      saved: "Expression saved. The next request uses it.",
    },
  },
  {
    locale: "pt-BR",
    lang: "pt-BR",
    words: {
      title: "Mapeamento",
      preset: "Tally",
      expression: "Expressão JSONata",
      try: "Testar na última requisição recebida",
      mapped: "A expressão transforma a última requisição neste lead:",
      failed: "A expressão falha na última requisição:",
      save: "Salvar expressão",
      saved: "Expressão salva. A próxima requisição já a usa.",
    },
  },
] as const;

for (const { locale, lang, words } of LANGUAGES) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale });
    for (const width of [390, 1440]) {
      test(`the Mapping section tries the expression on the last request and saves it (${width} px)`, async ({
        signedInPage: page,
        workspace,
        leadlink,
        baseURL,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        const link = await leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, [
          "link",
          "create",
          "--workspace",
          workspace.slug,
          "--name",
          "Tally",
        ]);
        await makeTallyLink(leadlink.dataDir, link.id);
        const email = `tally-${width}-${lang}@example.com`.toLowerCase();
        const posted = await page.request.post(`${baseURL}/ingest/${link.token}`, { data: tallyPayload(email, `e2e-${width}`) });
        expect(posted.status()).toBe(201);

        await page.goto(`/w/${workspace.slug}/links/${link.id}`);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { name: words.title, exact: true })).toBeVisible();
        await expect(page.getByTestId("mapping-preset")).toHaveText(words.preset);
        const expression = page.getByLabel(words.expression);
        await expect(expression).toHaveValue(MAPPING_PRESETS.tally.expression);
        await expectAccessible(page, `mapping section ${lang} ${width}`);

        await page.getByRole("button", { name: words.try }).click();
        const trial = page.getByTestId("mapping-trial");
        await expect(trial.getByText(words.mapped)).toBeVisible();
        await expect(trial.getByRole("region").first()).toContainText(email);
        await expectAccessible(page, `mapping tried ${lang} ${width}`);

        // An expression that fails on the request names the position in the expression.
        await expression.fill(`{"email": $substring(data.fields, "x")}`);
        await page.getByRole("button", { name: words.try }).click();
        await expect(trial.getByText(words.failed)).toBeVisible();
        await expect(trial).toContainText(/expression@\d+/);
        await expectAccessible(page, `mapping failing ${lang} ${width}`);

        // One that does not compile is not saved: the error is beside the expression.
        await expression.fill(`{"email": (`);
        await page.getByRole("button", { name: words.save }).click();
        await expect(page.locator("#mapping-expression-error")).toBeVisible();
        await expectAccessible(page, `mapping not saved ${lang} ${width}`);

        const edited = `{"email": data.fields[type = "INPUT_EMAIL"].value, "name": "Edited"}`;
        await expression.fill(edited);
        await page.getByRole("button", { name: words.save }).click();
        await expect(page.getByText(words.saved)).toBeVisible();
        await page.reload();
        await expect(page.getByLabel(words.expression)).toHaveValue(edited);
      });
    }
  });
}
