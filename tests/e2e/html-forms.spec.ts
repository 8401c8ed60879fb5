import { expect, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { htmlPage, serveForeignSite } from "./support/foreign-site";
import { screenshot } from "./support/screenshot";

// Issue 15 (DESIGN.md section 11): a plain HTML form on another origin, in a browser with JavaScript off,
// posts to a link that accepts forms; the visitor lands on the built-in thank-you page, or on the error page
// that lists the field to fix, in their language; both requests are in the link's request log.

function landingPage(action: string, phone: string): string {
  return htmlPage(
    "Landing",
    `<form action="${action}" method="post" accept-charset="UTF-8">
      <label>Name <input name="name" value="João Ação"></label>
      <label>Email <input name="email" type="email" value="joao.${phone.length}@example.com"></label>
      <label>Phone <input name="telephone" value="${phone}"></label>
      <label>City <input name="address[city]" value="São Paulo"></label>
      <button type="submit">Send</button>
    </form>`,
  );
}

test("a no-JavaScript form on another origin lands on the thank-you page, or on the error page naming the field", async ({
  browser,
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  const link = await leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Plain form",
    "--accept-forms",
  ]);
  const action = `${leadlink.url}/ingest/${link.token}`;
  const site = await serveForeignSite({
    "/good": landingPage(action, "(11) 98765-4321"),
    "/bad": landingPage(action, "123"),
  });
  const visitor = await browser.newContext({ javaScriptEnabled: false, locale: "en-US" });
  try {
    const landing = await visitor.newPage();
    await landing.goto(`${site.origin}/good`);
    await landing.getByRole("button", { name: "Send" }).click();
    // The built-in pages name the link (its business, colour and the form's language: this workspace's,
    // Portuguese) and the page the visitor came from (DESIGN.md section 12).
    await expect(landing).toHaveURL(new RegExp(`/forms/thanks\\?link=${link.token}&back=`));
    await expect(landing.getByRole("heading", { name: "Obrigado!" })).toBeVisible();
    await expect(landing.getByTestId("form-page-back")).toHaveAttribute("href", `${site.origin}/`);

    await landing.goto(`${site.origin}/bad`);
    await landing.getByRole("button", { name: "Send" }).click();
    await expect(landing).toHaveURL(/\/forms\/error\?link=cl_\w+&back=[^&]+&error=validation_failed&fields=telephone$/);
    await expect(landing.getByRole("heading", { name: "Não foi possível enviar seus dados" })).toBeVisible();
    await expect(landing.getByTestId("form-error-fields")).toHaveText("Telefone");

    await page.goto(`/w/${workspace.slug}/links/${link.id}`);
    const entries = page.locator("#requests").getByTestId("submission");
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toHaveAttribute("data-outcome", "rejected");
    await expect(entries.nth(0)).toContainText("validation_failed");
    await expect(entries.nth(0)).toContainText(site.origin);
    await expect(entries.nth(1)).toHaveAttribute("data-outcome", "created");
  } finally {
    await visitor.close();
    await site.close();
  }
});

test("the built-in pages speak English and Brazilian Portuguese at 390 and 1440 px", async ({ browser, leadlink }) => {
  const error = "/forms/error?error=validation_failed&fields=telephone,address.city,customFields.empresa";
  for (const [locale, thanks, problem, phone] of [
    ["en-US", "Thank you!", "Your details could not be sent", "Phone"],
    ["pt-BR", "Obrigado!", "Não foi possível enviar seus dados", "Telefone"],
  ] as const) {
    for (const width of [390, 1440]) {
      // The pages need no JavaScript; it stays on here for the screenshot helper's scroll.
      const context = await browser.newContext({ locale, viewport: { width, height: 800 } });
      const visitor = await context.newPage();
      await visitor.goto(`${leadlink.url}/forms/thanks`);
      await expect(visitor.getByRole("heading", { name: thanks })).toBeVisible();
      await screenshot(visitor, `html-forms-thanks-${locale}-${width}`);
      await visitor.goto(`${leadlink.url}${error}`);
      await expect(visitor.getByRole("heading", { name: problem })).toBeVisible();
      await expect(visitor.getByTestId("form-error-fields").getByRole("listitem")).toHaveText([
        phone,
        locale === "pt-BR" ? "Endereço: Cidade" : "Address: City",
        "empresa",
      ]);
      // Nothing overflows sideways on a phone.
      const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(visitor, `html-forms-error-${locale}-${width}`);
      await context.close();
    }
  }
});

test("a form post without its captcha lands in Spam, and Not spam makes it a lead", async ({
  browser,
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  const link = await leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Captcha form",
    "--accept-forms",
    "--captcha",
    "turnstile",
    "--captcha-secret",
    "never-shown",
    "--captcha-site-key",
    "public-site-key",
  ]);
  const site = await serveForeignSite({ "/": landingPage(`${leadlink.url}/ingest/${link.token}`, "11987654321") });
  const visitor = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR" });
  try {
    // The widget did not load (JavaScript is off): no token.
    const landing = await visitor.newPage();
    await landing.goto(site.origin);
    await landing.getByRole("button", { name: "Send" }).click();
    await expect(landing).toHaveURL(/\/forms\/error\?link=cl_\w+&back=[^&]+&error=captcha_failed&fields=captcha$/);
    await expect(landing.getByTestId("form-error-fields")).toHaveText("Verificação anti-spam");

    await page.goto(`/w/${workspace.slug}/links/${link.id}?filter=spam#requests`);
    await expect(page.locator("body")).not.toContainText("never-shown");
    const entry = page.locator("#requests").getByTestId("submission");
    await expect(entry).toHaveCount(1);
    await entry.locator("summary").click();
    await entry.getByRole("button", { name: "Not spam" }).click();
    // The page refreshes with the entry marked; the form's message may already be gone by then.
    await expect(entry.getByTestId("released").or(entry.getByText("The lead was created.")).first()).toBeVisible();
    // A fresh load (the same URL with its #fragment would not load again), the entry closed.
    await page.reload();
    await page.locator("#requests").getByTestId("submission").locator("summary").click();
    await expect(page.locator("#requests").getByTestId("released")).toBeVisible();
    await screenshot(page, "html-forms-link-spam-1440");
    await page.setViewportSize({ width: 390, height: 800 });
    await screenshot(page, "html-forms-link-spam-390");
  } finally {
    await visitor.close();
    await site.close();
  }
});
