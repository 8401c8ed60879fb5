// DESIGN.md section 13: the lead page's "Statement to print" opens the personal-data statement in the
// workspace's language (a Brazilian workspace: Portuguese; an American one: English), readable at 390 and
// 1440 px without sideways scrolling, free of serious accessibility violations, with a sender's markup as text.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

async function ingest(request: APIRequestContext, token: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await request.post(`/ingest/${token}`, { data: body, headers });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { leadId: string }).leadId;
}

async function checkPage(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await expectAccessible(page, `${name} at ${width} px`);
    await screenshot(page, `${name}-${width}`);
  }
}

async function seedLead(dataDir: string, request: APIRequestContext, slug: string) {
  const link = await leadlinkCli<{ id: string; token: string }>(dataDir, [
    "link",
    "create",
    "--workspace",
    slug,
    "--name",
    "Promoção de Natal",
  ]);
  const email = `tatiane.${slug}@example.com`;
  const leadId = await ingest(
    request,
    link.token,
    {
      name: "Tatiane <b>Gonçalves</b>",
      email,
      telephone: "+55 11 91234-5678",
      utmSource: "instagram",
      utmCampaign: "natal",
      consent: { granted: true, text: "Aceito receber ofertas por WhatsApp.", version: "v1", purposes: ["whatsapp"] },
    },
    { referer: "https://padaria.example/natal", "user-agent": "Mozilla/5.0 (e2e)" },
  );
  await ingest(request, link.token, {
    email,
    consent: { granted: false, text: "Não quero mais ofertas.", purposes: ["whatsapp"] },
  });
  return leadId;
}

test("the statement opens from the lead page in the workspace's language, prints cleanly, axe clean", async ({
  signedInPage: page,
  workspace,
  leadlink,
  request,
}) => {
  const leadId = await seedLead(leadlink.dataDir, request, workspace.slug);
  await page.goto(`/w/${workspace.slug}/leads/${leadId}`);
  const opened = page.context().waitForEvent("page");
  await page.getByRole("link", { name: "Statement to print" }).click();
  const statement = await opened;
  await statement.waitForLoadState();
  // A Brazilian workspace: Portuguese, whatever the admin's language.
  await expect(statement.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(statement.getByRole("heading", { level: 1 })).toHaveText("Declaração de dados pessoais");
  for (const heading of [
    "Quem guarda os seus dados",
    "Os seus dados",
    "De onde e quando vieram os seus dados",
    "Consentimentos dados e retirados",
    "A quem os seus dados foram enviados",
    "Por quanto tempo os seus dados são guardados",
  ])
    await expect(statement.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  // The sender's markup is text: in the fields' table and in the payload as sent.
  await expect(statement.getByRole("cell", { name: "Tatiane <b>Gonçalves</b>", exact: true })).toBeVisible();
  await expect(statement.locator("b")).toHaveCount(0);
  await expect(statement.locator("blockquote", { hasText: "Não quero mais ofertas." })).toBeVisible();
  await checkPage(statement, "personal-data-statement-pt-br");
  await statement.emulateMedia({ media: "print" });
  await screenshot(statement, "personal-data-statement-print");

  // An American workspace of the same owner (who chose no language): English.
  const american = await leadlinkCli<{ slug: string }>(leadlink.dataDir, [
    "workspace",
    "create",
    "--name",
    "Bakery",
    "--country",
    "US",
    "--owner",
    workspace.email,
  ]);
  const englishLead = await seedLead(leadlink.dataDir, request, american.slug);
  await page.goto(`/w/${american.slug}/leads/${englishLead}/personal-data?format=html`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Statement of personal data");
  await expect(page.getByRole("heading", { name: "Consents given and withdrawn" })).toBeVisible();
  await checkPage(page, "personal-data-statement-en");
});
