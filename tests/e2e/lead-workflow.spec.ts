// Issue 14: a marketer works a lead (status, owner, tag, note), filters the table by them, changes the status
// of every lead a filter matches after a confirmation that says how many, and exports CSV for Excel from a
// Portuguese browser (BOM, ";").
import type { APIRequestContext } from "@playwright/test";
import { expect, seedWorkspace, signIn, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

async function sendLead(request: APIRequestContext, url: string, body: Record<string, unknown>): Promise<string> {
  const response = await request.post(url, { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { leadId: string }).leadId;
}

async function seedLeads(dataDir: string, slug: string, baseURL: string, request: APIRequestContext) {
  const link = await leadlinkCli<{ token: string }>(dataDir, ["link", "create", "--workspace", slug, "--name", "Webinar"]);
  const url = `${baseURL}/ingest/${link.token}`;
  const ana = await sendLead(request, url, { name: "Ana Souza", email: "ana@example.com", utmSource: "google" });
  await sendLead(request, url, { name: "Bruno Lima", email: "bruno@example.com", utmSource: "google" });
  await sendLead(request, url, { name: "Carla Dias", email: "carla@example.com", utmSource: "google" });
  await sendLead(request, url, { name: "Davi Reis", email: "davi@example.com", utmSource: "facebook" });
  return { ana };
}

test("set status, owner, tag and note on a lead; filter by them; bulk status change over a filtered set", async ({
  signedInPage: page,
  workspace,
  leadlink,
  baseURL,
}) => {
  const { ana } = await seedLeads(leadlink.dataDir, workspace.slug, baseURL!, page.context().request);
  const base = `/w/${workspace.slug}/leads`;

  // The lead page: status, owner and tags saved together; a note appears in the timeline with its author.
  await page.goto(`${base}/${ana}`);
  const form = page.getByTestId("lead-workflow-form");
  await form.getByLabel("Status").selectOption({ label: "Contacted" });
  await form.getByLabel("Owner").selectOption({ index: 1 });
  await form.getByLabel("Tags").fill("VIP, webinar 2026");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  await expect(page.getByTestId("lead-status")).toHaveText("Contacted");
  await expect(form.getByLabel("Tags")).toHaveValue("VIP, webinar 2026");

  await page.getByLabel("Add a note").fill("Called: interested in the annual plan.\nCall back on Monday.");
  await page.getByRole("button", { name: "Add note" }).click();
  const note = page.getByTestId("timeline-note");
  await expect(note).toHaveCount(1);
  await expect(note).toContainText("Owner ");
  await expect(note.getByTestId("note-body")).toHaveText("Called: interested in the annual plan.\nCall back on Monday.");
  await expect(page.getByLabel("Add a note")).toHaveValue("");
  await screenshot(page, "lead-workflow-detail-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(form.getByLabel("Status")).toBeVisible();
  await screenshot(page, "lead-workflow-detail-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  // Filters, kept in the URL and combined with the others.
  await page.goto(base);
  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(4);
  await page.getByLabel("Tag", { exact: true }).selectOption("VIP");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/tag=VIP/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Ana Souza");
  await expect(rows.first()).toContainText("Contacted");

  await page.goto(`${base}?status=new&utm_source=google`);
  await expect(rows).toHaveCount(2);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("new");

  // Bulk: every lead the filter matches (not only the ticked rows), with the count in the confirmation.
  const bulk = page.getByTestId("bulk-actions");
  await bulk.getByLabel("Apply to").selectOption({ label: "Every lead matching the filters" });
  await bulk.getByLabel("Action").selectOption({ label: "Set status" });
  await bulk.getByLabel("New status").selectOption({ label: "Qualified" });
  await bulk.getByRole("button", { name: "Apply…" }).click();
  const confirmation = page.getByTestId("bulk-confirmation");
  await expect(confirmation).toHaveText("Set the status of 2 leads to Qualified?");
  await screenshot(page, "lead-workflow-bulk-1440");
  await page.getByRole("button", { name: "Update 2 leads" }).click();
  await expect(bulk.getByRole("status")).toHaveText("2 leads updated.");
  await expect(rows).toHaveCount(0);

  await page.goto(`${base}?status=qualified`);
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("leads-rows")).toContainText("Bruno Lima");
  await expect(page.getByTestId("leads-rows")).toContainText("Carla Dias");

  // Ticked rows: one lead, the count says so; at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(base);
  await rows.filter({ hasText: "Davi Reis" }).getByRole("checkbox").check();
  await bulk.getByLabel("Action").selectOption({ label: "Add tag" });
  await bulk.getByLabel("Tag to add").fill("facebook-ads");
  await bulk.getByRole("button", { name: "Apply…" }).click();
  await expect(confirmation).toHaveText("Add the tag “facebook-ads” to 1 lead?");
  await screenshot(page, "lead-workflow-bulk-390");
  await page.getByRole("button", { name: "Update 1 lead" }).click();
  await expect(bulk.getByRole("status")).toHaveText("1 lead updated.");
  await expect(rows.filter({ hasText: "Davi Reis" })).toContainText("facebook-ads");
  await screenshot(page, "lead-workflow-leads-390");
});

test("a Portuguese browser exports CSV for Excel: BOM and semicolons; plain CSV stays comma-separated", async ({
  browser,
  leadlink,
  baseURL,
}) => {
  const workspace = await seedWorkspace(leadlink.dataDir);
  const context = await browser.newContext({ locale: "pt-BR", baseURL });
  await signIn(context, baseURL!, workspace.email, workspace.password);
  await seedLeads(leadlink.dataDir, workspace.slug, baseURL!, context.request);
  const page = await context.newPage();
  await page.goto(`/w/${workspace.slug}/leads`);
  // The dialog speaks the browser's language.
  await page.getByRole("button", { name: "Exportar", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Excel (.xlsx)");
  await expect(dialog).toContainText("CSV para Excel");
  await expect(dialog).toContainText("“;”");
  await screenshot(page, "lead-workflow-export-1440");
  await dialog.getByLabel("CSV para Excel").check();
  const [excel] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Baixar" }).click()]);
  const bytes = await (await excel.createReadStream()).toArray();
  const text = Buffer.concat(bytes as Buffer[]);
  expect([...text.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = text.subarray(3).toString("utf8").trim().split("\n");
  expect(lines[0]).toMatch(/^id;name;email;telephone;/);
  expect(lines[0]).toContain(";status;owner;tags;");
  expect(lines).toHaveLength(5);

  await page.getByRole("button", { name: "Exportar", exact: true }).click();
  await dialog.getByLabel("CSV simples").check();
  const [plain] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Baixar" }).click()]);
  const plainText = Buffer.concat((await (await plain.createReadStream()).toArray()) as Buffer[]).toString("utf8");
  expect(plainText.startsWith("id,name,email,")).toBe(true);
  await context.close();
});
