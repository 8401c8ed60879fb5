import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

// Issue 26 (DESIGN.md section 12): the hosted form /f/<token> in a real browser, in Portuguese, English and Spanish,
// at 390 and 1440 px, with JavaScript on and off: errors beside their fields with the values kept, consent
// required then given, created then updated, the closed page of a revoked link; axe on each page state.

const WORDS = {
  "pt-BR": {
    title: "Bolos da Ana",
    submit: "Quero meu bolo",
    email: "E-mail",
    consent: "Aceito que a Bolos da Ana guarde meus dados.",
    badEmail: "este e-mail não é válido",
    consentError: "marque a caixa para dar seu consentimento",
    sent: "Recebemos seu pedido!",
    closed: "Este formulário está encerrado",
  },
  en: {
    title: "Ana's Cakes",
    submit: "Order my cake",
    email: "Email",
    consent: "I agree that Ana's Cakes keeps my details.",
    badEmail: "this is not a valid email address",
    consentError: "please tick the box to give your consent",
    sent: "We got your order!",
    closed: "This form is closed",
  },
  es: {
    title: "Pasteles de Ana",
    submit: "Quiero mi pastel",
    email: "Correo electrónico",
    consent: "Acepto que Pasteles de Ana guarde mis datos.",
    badEmail: "este correo no es válido",
    consentError: "marca la casilla para dar tu consentimiento",
    sent: "¡Recibimos tu pedido!",
    closed: "Este formulario está cerrado",
  },
} as const;

for (const language of ["pt-BR", "en", "es"] as const) {
  test(`the hosted form in ${language}: 390 and 1440 px, JavaScript on and off`, async ({ browser, workspace, leadlink }) => {
    // Four browser contexts, each with axe runs and three posts, on two shared cores.
    test.setTimeout(300_000);
    const words = WORDS[language];
    const link = await leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, [
      "link",
      "create",
      "--workspace",
      workspace.slug,
      "--name",
      "Instagram bio",
      "--require-consent",
    ]);
    const dir = await mkdtemp(path.join(tmpdir(), "hosted-form-"));
    const file = path.join(dir, "form.json");
    await writeFile(
      file,
      JSON.stringify({
        language,
        title: words.title,
        description:
          language === "en" ? "Cakes to order, delivered in São Paulo." : "Bolos por encomenda, entregues em São Paulo.",
        fields: [
          { key: "name", required: false },
          { key: "email", required: true },
          { key: "telephone", help: language === "en" ? "With area code" : "Com DDD", required: false },
        ],
        consent: { text: words.consent, version: "2026-11", purposes: ["contato"], required: true },
        submitLabel: words.submit,
        successMessage: words.sent,
        successUrl: null,
        theme: { color: "#be185d", logoUrl: null },
      }),
    );
    await leadlinkCli(leadlink.dataDir, ["link", "form", "set", "--workspace", workspace.slug, "--id", link.id, "--file", file]);
    const address = `${leadlink.url}/f/${link.token}?utm_source=instagram&utm_campaign=natal`;
    let people = 0;

    for (const width of [390, 1440]) {
      for (const javaScriptEnabled of [true, false]) {
        const mode = `${language}-${width}-${javaScriptEnabled ? "js" : "nojs"}`;
        const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 }, locale: language });
        const page = await context.newPage();
        const response = await page.goto(address);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { name: words.title })).toBeVisible();
        await expect(page.locator(`form[lang="${language}"]`)).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        if (javaScriptEnabled) await expectAccessible(page, `form ${mode}`);
        await screenshot(page, `hosted-form-${mode}`);

        // A bad email and no consent: the page again, errors beside the fields, what was typed kept.
        await page.locator("#field-name").fill("Ana Souza");
        await expect(page.locator("label[for=field-email]")).toContainText(words.email);
        await page.locator("#field-email").fill("ana@");
        await page.getByRole("button", { name: words.submit }).click();
        await expect(page.getByTestId("hosted-form-errors")).toBeVisible();
        const email = page.locator("#field-email");
        await expect(email).toHaveAttribute("aria-invalid", "true");
        await expect(email).toHaveAttribute("aria-describedby", /field-email-error/);
        await expect(page.locator("#field-email-error")).toHaveText(words.badEmail);
        await expect(page.locator("#field-consent-error")).toHaveText(words.consentError);
        await expect(email).toHaveValue("ana@");
        await expect(page.locator("#field-name")).toHaveValue("Ana Souza");
        if (javaScriptEnabled) {
          await expect(page.getByTestId("hosted-form-errors")).toBeFocused();
          await expectAccessible(page, `errors ${mode}`);
        }
        await screenshot(page, `hosted-form-errors-${mode}`);

        // Fixed and consent given: created (the first person), then the same person again: updated.
        people += 1;
        const person = `ana.${people}.${language.toLowerCase()}@example.com`;
        for (const attempt of [1, 2]) {
          if (attempt === 2) await page.goto(address);
          await page.locator("#field-email").fill(person);
          await page.locator("#field-consent").check();
          await page.getByRole("button", { name: words.submit }).click();
          await expect(page.getByTestId("hosted-form-sent")).toContainText(words.sent);
        }
        if (javaScriptEnabled) await expectAccessible(page, `sent ${mode}`);
        await screenshot(page, `hosted-form-sent-${mode}`);
        await context.close();
      }
    }

    // Four people, each created once then updated, with the page's campaign carried in from its URL.
    const leads = await leadlinkCli<
      { email: string; name: string; firstTouch: { utmSource: string | null; utmCampaign: string | null } }[]
    >(leadlink.dataDir, ["lead", "list", "--workspace", workspace.slug]);
    const ours = leads.filter((lead) => lead.email.startsWith("ana."));
    expect(ours).toHaveLength(4);
    for (const lead of ours) {
      expect(lead.name).toBe("Ana Souza");
      expect(lead.firstTouch).toMatchObject({ utmSource: "instagram", utmCampaign: "natal" });
    }

    // Revoked: the closed page, in the form's language.
    await leadlinkCli(leadlink.dataDir, ["link", "revoke", "--workspace", workspace.slug, "--id", link.id]);
    for (const width of [390, 1440]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const closed = await page.goto(address);
      expect(closed?.status()).toBe(410);
      await expect(page.getByTestId("hosted-form-closed")).toHaveText(words.closed);
      await expectAccessible(page, `closed ${language} ${width}`);
      await screenshot(page, `hosted-form-closed-${language}-${width}`);
      await context.close();
    }
  });
}
