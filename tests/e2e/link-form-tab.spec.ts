// Issue 26 part 2 (DESIGN.md section 12): the link's Form tab with its live preview, and the link page's
// "Copy form link" and QR code, in English and Portuguese at 390 and 1440 px, axe clean.
import { readFile } from "node:fs/promises";
import { expect, test } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

const LANGUAGES = [
  {
    locale: "en-US",
    lang: "en",
    words: {
      shareTitle: "Hosted form",
      copy: "Copy form link",
      edit: "Edit form",
      png: "Download PNG",
      svg: "Download SVG",
      title: "Title",
      label: "Label",
      required: "Required",
      moveUp: "Move Email up",
      addField: "Add a field",
      add: "Add",
      save: "Save form",
      saved: "Form saved.",
      color: "Theme colour",
      submitLabel: "Button label",
      invalidColor: "must be a colour like #1d4ed8",
    },
  },
  {
    locale: "pt-BR",
    lang: "pt-BR",
    words: {
      shareTitle: "Formulário hospedado",
      copy: "Copiar link do formulário",
      edit: "Editar formulário",
      png: "Baixar PNG",
      svg: "Baixar SVG",
      title: "Título",
      label: "Rótulo",
      required: "Obrigatório",
      moveUp: "Mover E-mail para cima",
      addField: "Adicionar um campo",
      add: "Adicionar",
      save: "Salvar formulário",
      saved: "Formulário salvo.",
      color: "Cor do tema",
      submitLabel: "Texto do botão",
      invalidColor: "deve ser uma cor como #1d4ed8",
    },
  },
] as const;

for (const { locale, lang, words } of LANGUAGES) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale });
    for (const width of [390, 1440]) {
      test(`the Form tab edits the form beside a live preview, and the link page shares it (${width} px)`, async ({
        signedInPage: page,
        workspace,
        leadlink,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        const link = await leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, [
          "link",
          "create",
          "--workspace",
          workspace.slug,
          "--name",
          "Bio",
        ]);
        const linkPath = `/w/${workspace.slug}/links/${link.id}`;

        // The link page: the form's address with a visible text copy, its QR code, downloads.
        await page.goto(linkPath);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { name: words.shareTitle })).toBeVisible();
        const formUrl = page.getByTestId("form-url");
        await expect(formUrl).toBeVisible();
        await expect(formUrl).toHaveValue(new RegExp(`/f/${link.token}$`));
        await expect(page.getByRole("button", { name: words.copy })).toBeVisible();
        const qr = page.getByTestId("form-qr");
        await expect(qr).toBeVisible();
        expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
        for (const [name, extension] of [
          [words.png, "png"],
          [words.svg, "svg"],
        ] as const) {
          const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
          expect(download.suggestedFilename()).toBe(`form-qr-${link.id}.${extension}`);
          const body = await readFile((await download.path())!);
          if (extension === "png") expect([...body.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
          else expect(body.toString("utf8")).toMatch(/^<svg /);
        }
        await expectAccessible(page, `link page ${lang} ${width}`);
        await screenshot(page, `link-share-${lang}-${width}`);

        // The Form tab: the preview follows what is typed.
        await page.getByRole("link", { name: words.edit }).click();
        await expect(page).toHaveURL(new RegExp(`${linkPath}/form$`));
        const preview = page.getByTestId("form-preview");
        await expect(preview).toBeVisible();
        await expect(preview.getByTestId("preview-title")).toHaveText(workspace.name);
        await page.getByLabel(words.title, { exact: true }).fill("Bolos da Ana");
        await expect(preview.getByTestId("preview-title")).toHaveText("Bolos da Ana");
        await page.getByLabel(words.label, { exact: true }).first().fill("Seu nome completo");
        await expect(preview.getByTestId("preview-field").first()).toContainText("Seu nome completo");
        await page.getByLabel(words.submitLabel, { exact: true }).fill("Quero encomendar");
        await expect(preview.getByTestId("preview-submit")).toHaveText("Quero encomendar");
        // Order: email moves above name; a field is added at the end.
        await page.getByRole("button", { name: words.moveUp }).click();
        await expect(preview.getByTestId("preview-field").first()).toContainText(/E-?mail/);
        await page.getByLabel(words.addField, { exact: true }).selectOption("city");
        await page.getByRole("button", { name: words.add, exact: true }).click();
        await expect(preview.getByTestId("preview-field")).toHaveCount(4);
        // The preview speaks the form's language (the workspace's), whatever the admin's.
        await expect(preview.getByTestId("preview-field").last()).toContainText(/City|Cidade/);

        // An invalid colour is shown beside its control, in the admin's language; nothing is saved.
        await page.locator("#form-color").fill("pink");
        await page.getByRole("button", { name: words.save }).click();
        await expect(page.locator("#form-color-error")).toHaveText(words.invalidColor);
        await expectAccessible(page, `form tab with an error ${lang} ${width}`);
        await page.locator("#form-color").fill("#c2185b");
        await page.getByRole("button", { name: words.save }).click();
        await expect(page.getByText(words.saved)).toBeVisible();
        await expectAccessible(page, `form tab ${lang} ${width}`);
        await screenshot(page, `link-form-tab-${lang}-${width}`);

        // A reload shows what was saved.
        await page.reload();
        await expect(page.getByLabel(words.title, { exact: true })).toHaveValue("Bolos da Ana");
        await expect(page.getByTestId("preview-submit")).toHaveText("Quero encomendar");
        await expect(page.getByTestId("preview-field")).toHaveCount(4);
        await expect(page.getByTestId("preview-field").first()).toContainText(/E-?mail/);
        await expect(page.locator("#form-color")).toHaveValue("#c2185b");
      });
    }
  });
}
