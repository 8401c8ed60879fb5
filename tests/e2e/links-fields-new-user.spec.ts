// Issue 9, new-user items 2 (link page), 3, 5 (fields and links pages), 7 (UI) and 8, as a new user meets them
// in Chromium: snippets pasted verbatim into a page on another origin send nothing until a visitor submits;
// a refused website is offered for allowing on the link page; a renamed field keeps its old label as a
// removable alias; a revoked link's page invites neither sending nor editing; every page fits 390 px.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { htmlPage, serveForeignSite } from "./support/foreign-site";
import { screenshot } from "./support/screenshot";

async function snippetCode(page: Page, tab: string, key: string): Promise<string> {
  await page.getByRole("tab", { name: tab }).click();
  const panel = page.locator(`[data-snippet="${key}"]`);
  await expect(panel).toBeVisible();
  return (await panel.locator("pre code").textContent()) ?? "";
}

async function leadCount(dataDir: string, slug: string): Promise<number> {
  return (await leadlinkCli<unknown[]>(dataDir, ["lead", "list", "--workspace", slug])).length;
}

/** The page's width as the browser lays it out: wider than the viewport means sideways scrolling. */
async function expectFits(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide at 390 px`).toBeLessThanOrEqual(390);
}

test("snippets pasted into another site send nothing on load, one lead per submit, and show Leadlink's errors", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  const slug = workspace.slug;
  await leadlinkCli(leadlink.dataDir, [
    "field",
    "create",
    "--workspace",
    slug,
    "--name",
    "company_size",
    "--label",
    "Company size",
    "--type",
    "select",
    "--option",
    "Small",
    "--option",
    "Large",
  ]);
  await leadlinkCli(leadlink.dataDir, ["field", "create", "--workspace", slug, "--name", "company", "--label", "Company"]);
  const link = await leadlinkCli<{ id: string; token: string; url: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    slug,
    "--name",
    "Landing",
  ]);

  await page.goto(`/w/${slug}/links/${link.id}`);
  const html = await snippetCode(page, "HTML form", "html");
  const script = await snippetCode(page, "JavaScript", "fetch");
  expect(script).toContain('const CUSTOM_FIELDS = ["company_size","company"]');

  const pages: Record<string, string> = {
    "/html": htmlPage("Offer", `<h1>Offer</h1>${html}`),
    // The JavaScript snippet on a page with its own form, inputs named after the workspace's fields.
    "/js": htmlPage(
      "Own form",
      `<form id="leadlink-form"><label>Your name <input name="name"></label><label>Your email <input name="email"></label>` +
        `<label>Your company <input name="company"></label><button type="submit">Join</button></form><script>${script}</script>`,
    ),
  };
  const site = await serveForeignSite(pages);
  try {
    const visitor = await page.context().newPage();
    for (let load = 0; load < 3; load++) {
      await visitor.goto(`${site.origin}/html?utm_source=e2e`);
      await visitor.goto(`${site.origin}/js`);
    }
    await visitor.waitForTimeout(500);
    expect(await leadCount(leadlink.dataDir, slug)).toBe(0);
    // Not even a rejected request reached the link.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Request log" })).toBeVisible();
    await expect(page.locator("#requests").getByTestId("submission")).toHaveCount(0);

    // A Brazilian workspace whose owner has no language of their own: the snippets speak Portuguese.
    await visitor.goto(`${site.origin}/html?utm_source=e2e`);
    await visitor.getByLabel("Nome").fill("Ana Souza");
    await visitor.getByLabel("E-mail").fill("ana.snippet@example.com");
    await visitor.getByLabel("Company size").selectOption("Large");
    await visitor.getByLabel("Company", { exact: true }).fill("Acme");
    await visitor.getByRole("button", { name: "Enviar" }).click();
    await expect(visitor.locator("#leadlink-result")).toHaveText("Obrigado! Entraremos em contato em breve.");
    expect(await leadCount(leadlink.dataDir, slug)).toBe(1);
    const [lead] = await leadlinkCli<
      { name: string; firstTouch: { utmSource: string }; customFields: Record<string, unknown> }[]
    >(leadlink.dataDir, ["lead", "list", "--workspace", slug]);
    expect(lead).toMatchObject({
      name: "Ana Souza",
      firstTouch: { utmSource: "e2e" },
      customFields: { company_size: "Large", company: "Acme" },
    });

    // The page's own form: an invalid email is shown field by field under the form (CORS lets the page read it).
    await visitor.goto(`${site.origin}/js`);
    await visitor.getByLabel("Your name").fill("Bruno");
    await visitor.getByLabel("Your email").fill("not-an-email");
    await visitor.getByRole("button", { name: "Join" }).click();
    const result = visitor.locator("[data-leadlink-result]");
    await expect(result).toContainText("Confira os campos abaixo.");
    await expect(result).toContainText("E-mail: este e-mail não é válido");
    await visitor.getByLabel("Your email").fill("bruno.snippet@example.com");
    await visitor.getByLabel("Your company").fill("Bruno & Co");
    await visitor.getByRole("button", { name: "Join" }).click();
    await expect(result).toHaveText("Obrigado! Entraremos em contato em breve.");
    expect(await leadCount(leadlink.dataDir, slug)).toBe(2);
    await visitor.close();
  } finally {
    await site.close();
  }
});

test("a website the link refuses is offered on the link page; allowing it lets its form through", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  const slug = workspace.slug;
  const link = await leadlinkCli<{ id: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    slug,
    "--name",
    "Restricted",
    "--allowed-origin",
    "https://www.example.com",
  ]);
  await page.goto(`/w/${slug}/links/${link.id}`);
  const html = await snippetCode(page, "HTML form", "html");
  const site = await serveForeignSite({ "/": htmlPage("Offer", html) });
  try {
    const visitor = await page.context().newPage();
    // The workspace is Brazilian and its owner has no language of their own: the snippet speaks Portuguese.
    await visitor.goto(site.origin);
    await visitor.getByLabel("E-mail").fill("refused@example.com");
    await visitor.getByRole("button", { name: "Enviar" }).click();
    await expect(visitor.locator("#leadlink-result")).toContainText("não está entre as origens permitidas do link de captura");

    await page.reload();
    const refused = page.getByTestId("refused-origins");
    await expect(refused).toContainText(site.origin);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFits(page, "the link page with refused origins");
    await screenshot(page, "link-refused-origins-mobile");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("button", { name: `Allow this origin: ${site.origin}` }).click();
    await expect(page.getByTestId("refused-origins")).toHaveCount(0);
    await expect(page.getByLabel("Allowed origins")).toHaveValue(`https://www.example.com\n${site.origin}`);

    await expect
      .poll(
        async () => {
          await visitor.reload();
          await visitor.getByLabel("E-mail").fill("allowed@example.com");
          await visitor.getByRole("button", { name: "Enviar" }).click();
          await expect(visitor.locator("#leadlink-result")).not.toHaveText("Enviando…");
          return visitor.locator("#leadlink-result").textContent();
        },
        { timeout: 20_000 },
      )
      .toBe("Obrigado! Entraremos em contato em breve.");
    await visitor.close();
  } finally {
    await site.close();
  }
});

test("renaming a field keeps its old label as a removable alias; the fields page fits a phone", async ({
  signedInPage: page,
  workspace,
  leadlink,
  request,
}) => {
  const slug = workspace.slug;
  await leadlinkCli(leadlink.dataDir, ["field", "create", "--workspace", slug, "--name", "company", "--label", "Company"]);
  const options = [
    "Marketing",
    "Vendas",
    "Suporte",
    "Financeiro",
    "Recursos humanos",
    "Tecnologia da informação",
    "Jurídico",
  ].flatMap((o) => ["--option", o]);
  await leadlinkCli(leadlink.dataDir, [
    "field",
    "create",
    "--workspace",
    slug,
    "--name",
    "area_de_atuacao_principal_da_empresa",
    "--label",
    "Área de atuação principal da empresa",
    "--type",
    "select",
    ...options,
  ]);
  const link = await leadlinkCli<{ token: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    slug,
    "--name",
    "Landing",
  ]);

  await page.goto(`/w/${slug}/fields`);
  await page.getByRole("button", { name: "Edit Company" }).click();
  const edit = page.getByRole("form", { name: "Edit field" });
  await edit.getByLabel("Label").fill("Empresa");
  await edit.getByRole("button", { name: "Save" }).click();
  const row = page.locator('[data-field="company"]');
  await expect(row).toContainText("Empresa");
  await expect(row.getByTestId("field-aliases")).toContainText("Company");

  const sent = await request.post(`/ingest/${link.token}`, {
    data: { email: "alias@example.com", customFields: { company: "by name", Company: "dup" } },
  });
  expect(sent.status()).toBe(201);
  const old = await request.post(`/ingest/${link.token}`, {
    data: { email: "old-label@example.com", customFields: { COMPANY: "Acme" } },
  });
  expect(((await old.json()) as { warnings: unknown[] }).warnings).toEqual([]);

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole("button", { name: "Edit Empresa" }).click();
    if (width === 390) await expectFits(page, "the fields page with a field being edited");
    await page.getByRole("button", { name: "Cancel" }).click();
    if (width === 390) await expectFits(page, "the fields page");
    await screenshot(page, `fields-${width}`);
  }

  await row.getByRole("button", { name: "Remove former label “Company”" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove “Company” from “Empresa”?" });
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(row.getByTestId("field-aliases")).toHaveCount(0);
  const dropped = await request.post(`/ingest/${link.token}`, {
    data: { email: "dropped@example.com", customFields: { Company: "lost" } },
  });
  await expect
    .poll(async () => {
      const again = await request.post(`/ingest/${link.token}`, {
        data: { email: `dropped-${Date.now()}@example.com`, customFields: { Company: "x" } },
      });
      return ((await again.json()) as { warnings: { code: string }[] }).warnings.map((warning) => warning.code);
    })
    .toEqual(["unknown_custom_field"]);
  expect(dropped.status()).toBe(201);
});

test("a revoked link's page shows that it is revoked, since when, its counters and log, and nothing to send or edit; links pages fit a phone", async ({
  signedInPage: page,
  workspace,
  leadlink,
  request,
}) => {
  const slug = workspace.slug;
  const link = await leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    slug,
    "--name",
    "Spring campaign with a rather long name for a phone screen",
  ]);
  expect((await request.post(`/ingest/${link.token}`, { data: { email: "before@example.com" } })).status()).toBe(201);
  expect((await request.post(`/ingest/${link.token}`, { data: { email: "nope" } })).status()).toBe(422);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/w/${slug}/links`);
  await expectFits(page, "the links list");
  await page.goto(`/w/${slug}/links/new`);
  await expectFits(page, "the new link page");
  await page.goto(`/w/${slug}/links/${link.id}`);
  await expect(page.getByTestId("capture-url")).toBeVisible();
  await expectFits(page, "an active link's page");
  await screenshot(page, "link-active-mobile");

  await leadlinkCli(leadlink.dataDir, ["link", "revoke", "--workspace", slug, "--id", link.id]);
  expect((await request.post(`/ingest/${link.token}`, { data: { email: "after@example.com" } })).status()).toBe(410);
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: "This link was revoked" })).toBeVisible();
  await expect(page.getByTestId("revoked-at")).toContainText("Revoked");
  await expect(page.getByText("Accepted", { exact: true }).locator("..")).toContainText("1");
  await expect(page.getByText("Rejected", { exact: true }).first().locator("..")).toContainText("2");
  await expect(page.locator("#requests").getByTestId("submission")).toHaveCount(3);
  // Nothing that invites sending or editing.
  await expect(page.getByText("Send leads to this address")).toHaveCount(0);
  await expect(page.getByTestId("capture-url")).toHaveCount(0);
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expect(page.locator("pre code")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save settings" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Revoke link" })).toHaveCount(0);
  await expect(page.locator("main").getByRole("textbox")).toHaveCount(0);
  await expectFits(page, "a revoked link's page");
  await screenshot(page, "link-revoked-mobile");
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, "link-revoked");
  await page.goto(`/w/${slug}/links`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFits(page, "the links list with a revoked link");
});
