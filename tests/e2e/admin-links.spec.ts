import { expect, seedWorkspace, signIn, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { htmlPage, serveForeignSite } from "./support/foreign-site";
import { screenshot } from "./support/screenshot";

/** The text of a snippet tab's code block. */
async function snippetCode(page: import("@playwright/test").Page, tab: string, key: string): Promise<string> {
  await page.getByRole("tab", { name: tab }).click();
  const panel = page.locator(`[data-snippet="${key}"]`);
  await expect(panel).toBeVisible();
  return (await panel.locator("pre code").textContent()) ?? "";
}

test("a link made in the UI takes leads from a page on another origin, and its log shows them, rejected ones with their errors", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  const base = `/w/${workspace.slug}`;
  // A select field made in the UI, a text field made with the command line.
  await page.goto(`${base}/fields`);
  await page.locator("#label").fill("Company size");
  await page.locator("#name").fill("company_size");
  await page.getByLabel("Type").selectOption("select");
  await page.getByLabel("Options").fill("Small\nLarge");
  await page.getByRole("button", { name: "Create field" }).click();
  await expect(page.getByRole("status")).toContainText("Created the field “Company size”");
  await leadlinkCli(leadlink.dataDir, [
    "field",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "company",
    "--label",
    "Company",
  ]);

  // The landing page lives on another origin; the link accepts only that origin.
  const pages: Record<string, string> = {};
  const site = await serveForeignSite(pages);
  try {
    await page.goto(`${base}/links`);
    await expect(page.getByRole("heading", { name: "No capture links yet" })).toBeVisible();
    await screenshot(page, "links-empty");
    await page.getByRole("link", { name: "Create a capture link" }).click();
    await page.getByLabel("Name").fill("Spring landing");
    await page.getByLabel("Allowed origins").fill(`${site.origin}\nhttps://*.example.com`);
    await page.getByLabel("Honeypot field").fill("website");
    await screenshot(page, "links-new");
    await page.getByRole("button", { name: "Create capture link" }).click();
    await expect(page.getByRole("heading", { name: "Spring landing" })).toBeVisible();

    const url = await page.getByTestId("capture-url").inputValue();
    expect(url).toMatch(new RegExp(`^${leadlink.url.replace(/[.:/]/g, "\\$&")}/ingest/cl_[0-9A-Za-z]{22}$`));
    await expect(page.getByLabel("Allowed origins")).toHaveValue(`${site.origin}\nhttps://*.example.com`);

    const curl = await snippetCode(page, "curl", "curl");
    const fetchCode = await snippetCode(page, "JavaScript", "fetch");
    const html = await snippetCode(page, "HTML form", "html");
    expect(curl).toContain(url);
    expect(curl).toContain('"company_size": "Small"');
    expect(curl).toContain('"company": "Example Company"');
    expect(fetchCode).toContain(JSON.stringify(url));
    expect(fetchCode).toContain('["company_size","company"]');
    expect(html).toContain(JSON.stringify(url));
    expect(html).toContain('name="customFields.company_size"');
    expect(html).toContain('name="customFields.company"');
    expect(html).toContain("<option>Large</option>");
    expect(html).toContain('name="website"');

    // The snippets, pasted into the sender's site as they are.
    pages["/form"] = htmlPage("Spring offer", `<h1>Spring offer</h1>${html}`);
    pages["/script"] = htmlPage(
      "Script",
      `<form id="leadlink-form"><label>Email <input name="email"></label><label>Size <input name="company_size"></label><button>Go</button></form><script>${fetchCode}</script>`,
    );

    // The workspace is Brazilian and its owner has no language of their own: the snippets speak Portuguese.
    const landing = await page.context().newPage();
    await landing.goto(`${site.origin}/form?utm_source=e2e&utm_campaign=spring`);
    await landing.getByLabel("Nome").fill("Ana Souza");
    await landing.getByLabel("E-mail").fill("ana.e2e@example.com");
    await landing.getByLabel("Company size").selectOption("Large");
    await landing.getByLabel("Company", { exact: true }).fill("Acme");
    await landing.getByRole("button", { name: "Enviar" }).click();
    await expect(landing.locator("#leadlink-result")).toHaveText("Obrigado! Entraremos em contato em breve.");

    // The JavaScript snippet hooks the page's own form: a lead is sent when it is submitted, not when the page loads.
    await landing.goto(`${site.origin}/script`);
    await landing.getByLabel("Email").fill("script.e2e@example.com");
    await landing.getByLabel("Size").fill("small");
    await landing.getByRole("button", { name: "Go" }).click();
    await expect(landing.locator("[data-leadlink-result]")).toHaveText("Obrigado! Entraremos em contato em breve.");

    // A refused request: the browser can read the problem document (CORS on errors too).
    await landing.goto(`${site.origin}/form`);
    const refused = await landing.evaluate(async (target) => {
      const response = await fetch(target, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "not-an-email", customFields: { company_size: "Huge" } }),
      });
      return { status: response.status, body: (await response.json()) as { code: string; errors: { field: string }[] } };
    }, url);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("validation_failed");
    expect(refused.body.errors.map((error) => error.field).sort()).toEqual(["customFields.company_size", "email"]);
    await landing.close();

    await page.reload();
    const log = page.locator("#requests");
    await expect(log.getByTestId("submission")).toHaveCount(3);
    await expect(page.getByText("Accepted", { exact: true }).locator("..")).toContainText("2");

    await log.getByRole("link", { name: /^Rejected/ }).click();
    await expect(page).toHaveURL(/filter=rejected/);
    const rejected = log.getByTestId("submission");
    await expect(rejected).toHaveCount(1);
    await expect(rejected).toContainText("validation_failed");
    await expect(rejected).toContainText("422");
    await expect(rejected).toContainText(site.origin);
    await rejected.locator("summary").click();
    await expect(rejected.getByText("Field errors")).toBeVisible();
    await expect(rejected).toContainText("customFields.company_size");
    await expect(rejected).toContainText("invalid_option");
    await expect(rejected).toContainText("invalid_email");
    await expect(rejected.getByTestId("payload")).toContainText('"email": "not-an-email"');

    await log.getByRole("link", { name: /^Accepted/ }).click();
    await expect(page).toHaveURL(/filter=accepted/);
    const accepted = log.getByTestId("submission");
    await expect(accepted).toHaveCount(2);
    const fromForm = accepted.filter({ hasText: "Created" }).last();
    await fromForm.locator("summary").press("Enter");
    await expect(fromForm.getByTestId("payload")).toContainText('"utmSource": "e2e"');
    await expect(fromForm.getByTestId("payload")).toContainText('"company_size": "Large"');
    await expect(fromForm).toContainText(site.origin);

    await log.getByRole("link", { name: /^All/ }).click();
    await log.getByTestId("submission").filter({ hasText: "Rejected" }).locator("summary").click();
    await screenshot(page, "link-detail");
    await page.goto(`${base}/links`);
    await expect(page.getByRole("row", { name: /Spring landing/ })).toContainText("Active");
    await screenshot(page, "links-list");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("link", { name: "Spring landing" }).click();
    await expect(page.getByTestId("capture-url")).toBeVisible();
    await screenshot(page, "link-detail-mobile");
  } finally {
    await site.close();
  }
});

test("origins outside the allowed list get no CORS grant; settings show errors next to the input and take effect", async ({
  signedInPage: page,
  workspace,
  leadlink,
  request,
}) => {
  const link = await leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Restricted",
    "--allowed-origin",
    "https://only.example.com",
  ]);
  const site = await serveForeignSite({ "/": htmlPage("Elsewhere", "<p>elsewhere</p>") });
  try {
    await page.goto(`/w/${workspace.slug}/links/${link.id}`);
    const origins = page.getByLabel("Allowed origins");
    await origins.fill("only.example.com");
    await page.getByLabel("Rate limit").fill("lots");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(origins).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#allowedOrigins-error")).toContainText("needs a scheme");
    await expect(page.locator("#rateLimit-error")).toContainText("<count>/<s|min|hour>");
    await expect(origins).toHaveValue("only.example.com");

    const elsewhere = await page.context().newPage();
    await elsewhere.goto(site.origin);
    const post = (target: string) =>
      elsewhere.evaluate(async (url) => {
        try {
          const response = await fetch(url, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: '{"email":"x@example.com"}',
          });
          return String(response.status);
        } catch {
          return "blocked";
        }
      }, target);
    const url = `${leadlink.url}/ingest/${link.token}`;
    expect(await post(url)).toBe("blocked");

    await origins.fill(`https://only.example.com\n${site.origin}`);
    await page.getByLabel("Rate limit").fill("600 / MIN");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status")).toContainText("Settings saved");
    await expect(page.getByLabel("Rate limit")).toHaveValue("600/min");
    await expect.poll(() => post(url), { timeout: 15_000 }).toBe("201");
    await elsewhere.close();
  } finally {
    await site.close();
  }
  const direct = await request.post(`/ingest/${link.token}`, { data: { email: "server@example.com" } });
  expect(direct.status()).toBe(201);
});

test("revoking a link in the UI asks first, shows it revoked, and its URL answers 410", async ({
  signedInPage: page,
  workspace,
  leadlink,
  request,
}) => {
  const link = await leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Old campaign",
  ]);
  expect((await request.post(`/ingest/${link.token}`, { data: { email: "before@example.com" } })).status()).toBe(201);

  await page.goto(`/w/${workspace.slug}/links/${link.id}`);
  await page.getByRole("button", { name: "Revoke link" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke “Old campaign”?" });
  await expect(dialog).toBeVisible();
  // The safe choice has the focus; Escape cancels, as does Cancel.
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Revoke link" }).click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await request.post(`/ingest/${link.token}`, { data: { email: "still@example.com" } })).status()).toBe(201);

  await page.getByRole("button", { name: "Revoke link" }).click();
  await dialog.getByRole("button", { name: "Revoke link" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This link was revoked" })).toBeVisible();
  await expect(page.getByText("Revoked", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Revoke link" })).toHaveCount(0);

  const gone = await request.post(`/ingest/${link.token}`, { data: { email: "after@example.com" } });
  expect(gone.status()).toBe(410);
  expect(((await gone.json()) as { code: string }).code).toBe("capture_link_revoked");

  await page.reload();
  await expect(page.locator("#requests").getByTestId("submission").first()).toContainText("capture_link_revoked");
  await page.goto(`/w/${workspace.slug}/links`);
  await expect(page.getByRole("row", { name: /Old campaign/ })).toContainText("Revoked");
});

test("the request log pages through older requests with keyset cursors", async ({
  signedInPage: page,
  workspace,
  leadlink,
  request,
}) => {
  const link = await leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Busy",
  ]);
  for (let index = 0; index < 30; index++) {
    const response = await request.post(`/ingest/${link.token}`, { data: { email: `lead${index}@example.com` } });
    expect(response.status()).toBe(201);
  }
  await page.goto(`/w/${workspace.slug}/links/${link.id}`);
  // Snippet tabs follow the ARIA tabs pattern: arrow keys move between them.
  await page.getByRole("tab", { name: "curl" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "JavaScript" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "JavaScript" })).toHaveAttribute("aria-selected", "true");
  await expect(page.locator('[data-snippet="fetch"]')).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  // From the first tab, left wraps to the last one.
  await expect(page.getByRole("tab", { name: "Test (dry run)" })).toBeFocused();

  const rows = page.locator("#requests").getByTestId("submission");
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText("Created");
  // A request opens from the keyboard like any disclosure.
  await rows.first().locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(rows.first().getByTestId("payload")).toContainText("lead29@example.com");

  await page.getByRole("link", { name: "Older →" }).click();
  await expect(rows).toHaveCount(5);
  await rows.last().locator("summary").click();
  await expect(rows.last().getByTestId("payload")).toContainText("lead0@example.com");
  await expect(page.getByRole("link", { name: "Older →" })).toHaveCount(0);
  await page.getByRole("link", { name: "← Newer" }).click();
  await expect(rows).toHaveCount(25);
  await expect(page.getByRole("link", { name: "← Newer" })).toHaveCount(0);
});

test("another workspace's user gets 404 on this workspace's links, link, fields and members pages", async ({
  browser,
  workspace,
  leadlink,
  baseURL,
}) => {
  const link = await leadlinkCli<{ id: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Private",
  ]);
  const other = await seedWorkspace(leadlink.dataDir, { name: "Other tenant" });
  const context = await browser.newContext({ baseURL });
  await signIn(context, baseURL!, other.email, other.password);
  const page = await context.newPage();
  for (const path of ["/links", `/links/${link.id}`, "/links/new", "/fields", "/members"]) {
    const response = await page.goto(`/w/${workspace.slug}${path}`);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("Private")).toHaveCount(0);
  }
  // Nor through their own workspace.
  const response = await page.goto(`/w/${other.slug}/links/${link.id}`);
  expect(response?.status()).toBe(404);
  await context.close();
});
