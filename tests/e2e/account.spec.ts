// New-user 11 (create a workspace from the UI), new-user 4 (the members form shows "New account"'s fields
// after a member was added) and new-user 5, members part (the page fits 390 px; role menus show their value).
import { expect, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

test("a signed-in user creates a workspace from the UI, lands in it as its owner, and sees only their own", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  const other = await leadlinkCli<{ slug: string }>(leadlink.dataDir, [
    "workspace",
    "create",
    "--name",
    `Not mine ${workspace.slug}`,
  ]);
  await page.goto(`/w/${workspace.slug}`);
  await page.getByRole("link", { name: "New workspace" }).click();
  await expect(page).toHaveURL(/\/workspaces\/new$/);

  await page.getByLabel("Address (optional)").fill(other.slug);
  await page.getByLabel("Workspace name").fill("Second Shop");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.locator("#slug-error")).toContainText("already used");
  await expect(page.getByLabel("Workspace name")).toHaveValue("Second Shop");

  const slug = `second-${workspace.slug}`;
  await page.getByLabel("Address (optional)").fill(slug);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${slug}$`));
  await expect(page.getByTestId("workspace-name")).toHaveText("Second Shop");
  await page.goto(`/w/${slug}/members`);
  await expect(page.locator(`[data-email="${workspace.email}"]`)).toContainText("Owner");

  await page.goto("/account");
  const list = page.getByRole("list", { name: "Your workspaces" });
  await expect(list.getByRole("link")).toHaveText([workspace.name, "Second Shop"].sort());
  await expect(list).not.toContainText(`Not mine ${workspace.slug}`);
  const response = await page.goto(`/w/${other.slug}`);
  expect(response?.status()).toBe(404);

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/account", "/workspaces/new"]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px`).toBeLessThanOrEqual(
        width,
      );
      await screenshot(page, `${path.slice(1).replace("/", "-")}-${width}`);
    }
  }
});

test("a user with no workspace creates one from the front door", async ({ browser, leadlink, baseURL }) => {
  const email = `lonely-${Date.now()}@example.com`;
  await leadlinkCli(leadlink.dataDir, ["user", "create", "--email", email, "--password", "lonely password"]);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("lonely password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "No workspace yet" })).toBeVisible();
  await page.getByRole("link", { name: "Create a workspace" }).click();
  await page.getByLabel("Workspace name").fill(`Lonely ${Date.now()}`);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/w\/lonely-\d+$/);
  await context.close();
});

test("the members form shows the new account's fields after a member was added", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  const existing = `first-${workspace.slug}@example.com`;
  await leadlinkCli(leadlink.dataDir, ["user", "create", "--email", existing, "--password", "password-first"]);
  await page.goto(`/w/${workspace.slug}/members`);
  await page.getByLabel("Email").fill(existing);
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByRole("status").first()).toContainText(`Added ${existing}`);

  await page.getByRole("radio", { name: /New account/ }).check();
  await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toBeVisible();
  const newcomer = `second-${workspace.slug}@example.com`;
  await page.getByLabel("Email").fill(newcomer);
  await page.getByLabel("Password", { exact: true }).fill("a long password");
  await page.getByRole("button", { name: "Create account and add" }).click();
  await expect(page.getByRole("status").first()).toContainText(`Added ${newcomer}`);

  // And again, after adding a new account: back to "Existing account", and "New account" works once more.
  await expect(page.getByRole("radio", { name: /Existing account/ })).toBeChecked();
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
  await page.getByRole("radio", { name: /New account/ }).check();
  await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
  await page.getByRole("radio", { name: /Existing account/ }).check();
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
});

test("the members page fits 390 px and its role menus show their roles", async ({ signedInPage: page, workspace, leadlink }) => {
  for (const [role, name] of [
    ["admin", "Adalberto Administrador da Silva"],
    ["member", "Maria"],
  ] as const) {
    const email = `${role}-with-a-rather-long-address-${workspace.slug}@example-company.com.br`;
    await leadlinkCli(leadlink.dataDir, ["user", "create", "--email", email, "--password", "password-member", "--name", name]);
    await page.goto(`/w/${workspace.slug}/members`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption(role);
    await page.getByRole("button", { name: "Add member" }).click();
    await expect(page.getByRole("status").first()).toContainText(`as ${role}`);
  }
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/w/${workspace.slug}/members`);
    await expect(page.getByTestId("member-row")).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const [label, value] of [
      ["Role of Adalberto", "Admin"],
      ["Role of Maria", "Member"],
    ] as const) {
      const select = page.getByLabel(new RegExp(label));
      await expect(select).toHaveValue(value.toLowerCase());
      // Wide enough to show the chosen role's name, not an empty box.
      const { client, needed } = await select.evaluate((element: HTMLSelectElement) => {
        const probe = document.createElement("span");
        probe.style.font = getComputedStyle(element).font;
        probe.textContent = element.selectedOptions[0]!.text;
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        const style = getComputedStyle(element);
        return { client: element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight), needed };
      });
      expect(client).toBeGreaterThanOrEqual(needed);
    }
    await screenshot(page, `members-${width}`);
  }
});
