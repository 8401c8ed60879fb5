// Issue 26 / DESIGN.md section 12: on a link that requires consent, the HTML form snippet (with its script) and the
// no-JavaScript form snippet, pasted verbatim into a page on another origin, show the link's consent checkbox in
// the visitor's language; without it ticked the lead is refused; ticked, the lead lands with its consent recorded
// (granted, the text the visitor saw) and the page's UTM kept.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { htmlPage, serveForeignSite } from "./support/foreign-site";

async function snippetCode(page: Page, tab: string, key: string): Promise<string> {
  await page.getByRole("tab", { name: tab }).click();
  const panel = page.locator(`[data-snippet="${key}"]`);
  await expect(panel).toBeVisible();
  return (await panel.locator("pre code").textContent()) ?? "";
}

interface PersonalData {
  leads: { id: string; email: string | null; firstTouch?: { utmSource: string | null } }[];
  consentRecords: { leadId: string; granted: boolean; text: string | null }[];
}

async function personalData(dataDir: string, slug: string, email: string): Promise<PersonalData> {
  return leadlinkCli<PersonalData>(dataDir, ["lead", "personal-data", "--workspace", slug, "--email", email]);
}

async function firstTouchOf(dataDir: string, slug: string, email: string): Promise<string | null | undefined> {
  const leads = await leadlinkCli<{ email: string; firstTouch: { utmSource: string | null } }[]>(dataDir, [
    "lead",
    "list",
    "--workspace",
    slug,
  ]);
  return leads.find((lead) => lead.email === email)?.firstTouch.utmSource;
}

test("consent snippets on another origin: the checkbox is required, and a ticked one is recorded with the lead", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  const slug = workspace.slug;
  const link = await leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    slug,
    "--name",
    "Consent",
    "--require-consent",
    "--accept-forms",
  ]);

  await page.goto(`/w/${slug}/links/${link.id}`);
  const html = await snippetCode(page, "HTML form", "html");
  const plain = await snippetCode(page, "No-JS form", "plain-form");
  expect(html).toContain("consent");
  expect(plain).toContain("consent[granted]");
  // The no-JavaScript form cannot read the page's URL: carry the campaign in its hidden UTM input, as its comment asks.
  const plainWithUtm = plain.replace('name="utm_source">', 'name="utm_source" value="panfleto">');
  expect(plainWithUtm, "the no-JavaScript snippet has an empty utm_source input to fill").not.toBe(plain);

  const site = await serveForeignSite({
    "/html": htmlPage("Oferta", `<h1>Oferta</h1>${html}`),
    "/plain": htmlPage("Oferta", `<h1>Oferta</h1>${plainWithUtm}`),
  });
  try {
    const visitor = await page.context().newPage();

    // The HTML form snippet (its script sends JSON): refused without the box, accepted with it.
    await visitor.goto(`${site.origin}/html?utm_source=instagram&utm_campaign=bio`);
    await visitor.getByLabel("Nome").fill("Carla Dias");
    await visitor.getByLabel("E-mail").fill("carla.consent@example.com");
    const box = visitor.getByRole("checkbox");
    await expect(box).toHaveCount(1);
    // Unticked, the browser itself holds the form back (the box is required), and nothing reaches the link.
    await visitor.getByRole("button", { name: "Enviar" }).click();
    expect(await box.evaluate((input) => (input as HTMLInputElement).validity.valueMissing)).toBe(true);
    await expect(visitor.locator("#leadlink-result")).not.toHaveText("Obrigado! Entraremos em contato em breve.");
    expect(await firstTouchOf(leadlink.dataDir, slug, "carla.consent@example.com")).toBeUndefined();
    await box.check();
    await visitor.getByRole("button", { name: "Enviar" }).click();
    await expect(visitor.locator("#leadlink-result")).toHaveText("Obrigado! Entraremos em contato em breve.");
    const consentText = (await box.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? "")).trim();
    const carla = await personalData(leadlink.dataDir, slug, "carla.consent@example.com");
    expect(carla.leads).toHaveLength(1);
    expect(carla.consentRecords).toEqual([
      expect.objectContaining({
        leadId: carla.leads[0]!.id,
        granted: true,
        text: expect.stringContaining(consentText.slice(0, 20)),
      }),
    ]);
    expect(await firstTouchOf(leadlink.dataDir, slug, "carla.consent@example.com")).toBe("instagram");

    // The no-JavaScript form posts the browser's form: consent[granted]=on is granted.
    await visitor.goto(`${site.origin}/plain`);
    await visitor.getByLabel("Nome").fill("Davi Lima");
    await visitor.getByLabel("E-mail").fill("davi.consent@example.com");
    await visitor.getByRole("checkbox").check();
    await visitor.getByRole("button", { name: "Enviar" }).click();
    await expect(visitor.getByText("Obrigado", { exact: false }).first()).toBeVisible();
    const davi = await personalData(leadlink.dataDir, slug, "davi.consent@example.com");
    expect(davi.leads).toHaveLength(1);
    expect(davi.consentRecords).toEqual([expect.objectContaining({ leadId: davi.leads[0]!.id, granted: true })]);
    expect(await firstTouchOf(leadlink.dataDir, slug, "davi.consent@example.com")).toBe("panfleto");
    await visitor.close();
  } finally {
    await site.close();
  }
});
