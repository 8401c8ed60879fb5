import { expect, signIn, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

test("owners add an existing account and a new one, change roles and remove members; the last owner stays", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  const existing = { email: `existing-${workspace.slug}@example.com`, password: "password-existing" };
  await leadlinkCli(leadlink.dataDir, [
    "user",
    "create",
    "--email",
    existing.email,
    "--password",
    existing.password,
    "--name",
    "Eva Existing",
  ]);

  await page.goto(`/w/${workspace.slug}/members`);
  const owner = page.locator(`[data-email="${workspace.email}"]`);
  await expect(owner).toContainText("The last owner");
  await expect(owner.getByRole("button", { name: "Remove" })).toHaveCount(0);
  await expect(owner.getByRole("button", { name: "Leave" })).toHaveCount(0);

  // An unknown email, then the existing account as admin.
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Role").selectOption("admin");
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No account has this email" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  // After the failed attempt the form still shows, and sends, what was chosen.
  await expect(page.getByLabel("Role")).toHaveValue("admin");
  await page.getByLabel("Email").fill(existing.email);
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByRole("status")).toContainText(`Added ${existing.email} as admin`);
  const eva = page.locator(`[data-email="${existing.email}"]`);
  await expect(eva.getByLabel("Role of Eva Existing")).toHaveValue("admin");

  // A new account, with a password.
  const newcomer = `new-${workspace.slug}@example.com`;
  await page.getByRole("radio", { name: /New account/ }).check();
  await page.getByLabel("Email").fill(newcomer);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Create account and add" }).click();
  await expect(page.locator("#password-error")).toContainText("at least 8");
  await page.getByLabel("Name", { exact: true }).fill("Nico New");
  await page.getByLabel("Password", { exact: true }).fill("a long password");
  await page.getByRole("button", { name: "Create account and add" }).click();
  await expect(page.getByRole("status")).toContainText(`Added ${newcomer} as member`);
  const nico = page.locator(`[data-email="${newcomer}"]`);
  await expect(nico).toContainText("Nico New");

  // Make Eva an owner: the first owner is no longer the last and may be changed.
  await eva.getByLabel("Role of Eva Existing").selectOption("owner");
  await eva.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByRole("button", { name: "Leave" })).toBeVisible();
  await expect(eva.getByLabel("Role of Eva Existing")).toHaveValue("owner");
  await screenshot(page, "members");

  await nico.getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove Nico New?" });
  await dialog.getByRole("button", { name: "Remove member" }).click();
  await expect(nico).toHaveCount(0);

  // The new account signs in (it is no longer a member, so it sees no workspace).
  const context = await page.context().browser()!.newContext({ baseURL: leadlink.url });
  await signIn(context, leadlink.url, newcomer, "a long password");
  const newcomerPage = await context.newPage();
  await newcomerPage.goto("/");
  await expect(newcomerPage.getByRole("heading", { name: "No workspace yet" })).toBeVisible();
  await context.close();
});

test("a member sees links, fields and members but no management controls", async ({
  signedInPage: page,
  workspace,
  leadlink,
  browser,
}) => {
  const link = await leadlinkCli<{ id: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Read only link",
  ]);
  await leadlinkCli(leadlink.dataDir, [
    "field",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "plan",
    "--label",
    "Plan",
    "--type",
    "select",
    "--option",
    "Pro",
  ]);
  const member = { email: `member-${workspace.slug}@example.com`, password: "member password" };
  await page.goto(`/w/${workspace.slug}/members`);
  await page.getByRole("radio", { name: /New account/ }).check();
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Create account and add" }).click();
  await expect(page.getByRole("status")).toContainText("as member");

  const context = await browser.newContext({ baseURL: leadlink.url });
  await signIn(context, leadlink.url, member.email, member.password);
  const view = await context.newPage();
  const base = `/w/${workspace.slug}`;

  await view.goto(`${base}/links`);
  await expect(view.getByRole("link", { name: "Read only link" })).toBeVisible();
  await expect(view.getByRole("link", { name: "Create a capture link" })).toHaveCount(0);

  await view.goto(`${base}/links/${link.id}`);
  await expect(view.getByTestId("capture-url")).toBeVisible();
  await expect(view.getByRole("tab", { name: "curl" })).toBeVisible();
  await expect(view.getByText("Only owners and admins can change these.")).toBeVisible();
  await expect(view.getByRole("button", { name: "Revoke link" })).toHaveCount(0);
  await expect(view.getByRole("button", { name: "Save settings" })).toHaveCount(0);
  await expect(view.getByRole("textbox", { name: "Allowed origins" })).toHaveCount(0);
  await screenshot(view, "link-detail-member");
  expect((await view.goto(`${base}/links/new`))?.status()).toBe(404);

  await view.goto(`${base}/fields`);
  await expect(view.locator('[data-field="plan"]')).toContainText("Pro");
  await expect(view.getByRole("button", { name: "Create field" })).toHaveCount(0);
  await expect(view.getByRole("button", { name: /^Edit / })).toHaveCount(0);
  await expect(view.getByRole("button", { name: /^Archive / })).toHaveCount(0);

  await view.goto(`${base}/members`);
  await expect(view.locator(`[data-email="${workspace.email}"]`)).toContainText("Owner");
  await expect(view.getByRole("button", { name: "Add member" })).toHaveCount(0);
  await expect(view.getByRole("combobox")).toHaveCount(0);
  await expect(view.getByRole("button", { name: /Remove|Leave/ })).toHaveCount(0);
  await context.close();
});
