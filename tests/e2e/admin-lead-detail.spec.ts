import type { APIRequestContext } from "@playwright/test";
import { expect, seedWorkspace, signIn, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

async function ingest(request: APIRequestContext, token: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await request.post(`/ingest/${token}`, { data: body, headers });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { leadId: string }).leadId;
}

test("a lead posted to capture links shows every field, custom fields by label, both touches and its timeline with raw payloads", async ({
  signedInPage: page,
  workspace,
  leadlink,
  request,
}) => {
  const cli = (args: string[]) => leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, args);
  const spring = await cli(["link", "create", "--workspace", workspace.slug, "--name", "Spring landing"]);
  const quiz = await cli(["link", "create", "--workspace", workspace.slug, "--name", "Career quiz"]);
  await cli([
    "field",
    "create",
    "--workspace",
    workspace.slug,
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
  await cli([
    "field",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "consent",
    "--label",
    "Marketing consent",
    "--type",
    "boolean",
  ]);

  const leadId = await ingest(
    request,
    spring.token,
    {
      name: "Ana Souza",
      email: "ana.souza@example.com",
      telephone: "(11) 98765-4321",
      document: "529.982.247-25",
      profession: "Engineer",
      birthday: "1990-05-17",
      instagram: "https://instagram.com/ana.souza",
      city: "São Paulo",
      state: "sao paulo",
      address: { street: "Avenida Paulista", number: 1578, zipCode: "01310-200", neighborhood: "Bela Vista" },
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring-sale",
      customFields: { company_size: "Large", "Marketing consent": "yes" },
    },
    { origin: "https://landing.example.com", "user-agent": "LandingPage/1.0 (e2e)" },
  );
  const updated = await ingest(request, quiz.token, {
    email: "ana.souza@example.com",
    profession: "Architect",
    utmSource: "newsletter",
    utmCampaign: "november",
  });
  expect(updated).toBe(leadId);

  await page.goto(`/w/${workspace.slug}/leads/${leadId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ana Souza");
  await expect(page.getByRole("link", { name: "← Back to leads" })).toHaveAttribute("href", `/w/${workspace.slug}/leads`);
  const field = (name: string) => page.getByTestId(`field-${name}`);
  await expect(field("email")).toContainText("ana.souza@example.com");
  await expect(field("telephone")).toContainText("+55 11 98765-4321");
  await expect(field("document")).toContainText("529.982.247-25");
  await expect(field("profession")).toContainText("Architect");
  await expect(field("birthday")).toContainText("May 17, 1990");
  await expect(field("instagram")).toContainText("@ana.souza");
  await expect(field("city")).toContainText("São Paulo");
  await expect(field("state")).toContainText("SP");
  await expect(page.getByTestId("address-street")).toContainText("Avenida Paulista");
  await expect(page.getByTestId("address-number")).toContainText("1578");
  await expect(page.getByTestId("address-zipCode")).toContainText("01310-200");
  await expect(page.getByTestId("address-neighborhood")).toContainText("Bela Vista");
  await expect(page.getByTestId("custom-company_size")).toContainText("Company size");
  await expect(page.getByTestId("custom-company_size")).toContainText("Large");
  await expect(page.getByTestId("custom-consent")).toContainText("Marketing consent");
  await expect(page.getByTestId("custom-consent")).toContainText("Yes");

  const first = page.getByTestId("first-touch");
  await expect(first).toContainText("Spring landing");
  await expect(first).toContainText("google");
  await expect(first).toContainText("cpc");
  await expect(first).toContainText("spring-sale");
  const last = page.getByTestId("last-touch");
  await expect(last).toContainText("Career quiz");
  await expect(last).toContainText("newsletter");
  await expect(last).toContainText("november");

  const entries = page.getByTestId("timeline-entry");
  await expect(entries).toHaveCount(2);
  // Newest first, and the newest is open.
  await expect(entries.first()).toContainText("Updated");
  await expect(entries.first()).toContainText("Career quiz");
  await expect(entries.first().getByTestId("payload")).toContainText('"utmSource": "newsletter"');
  const creation = entries.last();
  await expect(creation).toContainText("Created");
  await expect(creation).toContainText("HTTP 201");
  await expect(creation.getByTestId("payload")).toBeHidden();
  await creation.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(creation.getByTestId("payload")).toContainText('"company_size": "Large"');
  await expect(creation.getByTestId("payload")).toContainText('"number": 1578');
  await expect(creation).toContainText("https://landing.example.com");
  await expect(creation).toContainText("LandingPage/1.0 (e2e)");
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await screenshot(page, "lead-detail");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ana Souza");
  await screenshot(page, "lead-detail-mobile");
});

test("a name that looks like HTML is shown as text on the lead page", async ({
  signedInPage: page,
  workspace,
  leadlink,
  request,
}) => {
  const link = await leadlinkCli<{ token: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "<b>Bold</b> link",
  ]);
  const hostile = "<img src=x onerror=alert(1)>";
  const leadId = await ingest(request, link.token, {
    name: hostile,
    email: "xss@example.com",
    profession: "<script>alert(2)</script>",
    utmSource: "<i>src</i>",
  });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/w/${workspace.slug}/leads/${leadId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(hostile);
  await expect(page.getByTestId("field-profession")).toHaveText(/<script>alert\(2\)<\/script>/);
  await expect(page.getByTestId("first-touch")).toContainText("<b>Bold</b> link");
  await expect(page.getByTestId("first-touch")).toContainText("<i>src</i>");
  await expect(page.getByTestId("timeline-entry").first().getByTestId("payload")).toContainText(hostile);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator("main b, main i")).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test("another workspace's user gets 404 on a lead, and so does an id that is not a lead", async ({
  browser,
  signedInPage: page,
  workspace,
  leadlink,
  baseURL,
  request,
}) => {
  const link = await leadlinkCli<{ token: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Private",
  ]);
  const leadId = await ingest(request, link.token, { name: "Private Person", email: "private@example.com" });

  for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
    const response = await page.goto(`/w/${workspace.slug}/leads/${id}`);
    expect(response?.status(), id).toBe(404);
    await expect(page.getByRole("heading", { name: "Lead not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "← Back to leads" })).toHaveAttribute("href", `/w/${workspace.slug}/leads`);
  }
  await screenshot(page, "lead-not-found");

  const other = await seedWorkspace(leadlink.dataDir, { name: "Other tenant" });
  const context = await browser.newContext({ baseURL });
  await signIn(context, baseURL!, other.email, other.password);
  const stranger = await context.newPage();
  for (const path of [`/w/${workspace.slug}/leads/${leadId}`, `/w/${other.slug}/leads/${leadId}`]) {
    const response = await stranger.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(stranger.getByText("Private Person")).toHaveCount(0);
    await expect(stranger.getByText("private@example.com")).toHaveCount(0);
  }
  await context.close();
});
