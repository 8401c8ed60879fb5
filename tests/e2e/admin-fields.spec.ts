import { expect, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { screenshot } from "./support/screenshot";

test("custom fields: create with errors shown next to the inputs, edit label and options, archive and unarchive", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  await page.goto(`/w/${workspace.slug}/fields`);
  await expect(page.getByRole("heading", { name: "No custom fields yet" })).toBeVisible();

  const label = page.locator("#label");
  const name = page.locator("#name");
  await label.fill("Área de atuação");
  await name.fill("1 area");
  await page.getByLabel("Type").selectOption("select");
  await page.getByRole("button", { name: "Create field" }).click();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAttribute("aria-describedby", "name-error");
  await expect(page.locator("#name-error")).toContainText("starting with a letter or _");
  await expect(page.locator("#options-error")).toContainText("at least one option");
  await expect(label).toHaveValue("Área de atuação");
  // React resets the form after an action: the type menu must still show (and send) what was chosen.
  await expect(page.getByLabel("Type")).toHaveValue("select");
  await expect(page.getByLabel("Options")).toBeVisible();

  await name.fill("area");
  await page.getByLabel("Options").fill("Marketing\nVendas\nSuporte");
  await page.getByRole("button", { name: "Create field" }).click();
  await expect(page.getByRole("status")).toContainText("Created the field “Área de atuação”");
  await expect(label).toHaveValue("");

  // Labels are unique ignoring case and accents.
  await label.fill("AREA DE ATUACAO");
  await name.fill("area2");
  await page.getByLabel("Type").selectOption("text");
  await page.getByRole("button", { name: "Create field" }).click();
  await expect(page.locator("#label-error")).toContainText("already used by another field");

  await leadlinkCli(leadlink.dataDir, [
    "field",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "budget",
    "--label",
    "Budget",
    "--type",
    "number",
  ]);
  await page.reload();
  const area = page.locator('[data-field="area"]');
  const budget = page.locator('[data-field="budget"]');
  await expect(area).toContainText("Select");
  await expect(area).toContainText("Vendas");
  await expect(budget).toContainText("Number");

  await page.getByRole("button", { name: "Edit Área de atuação" }).click();
  const edit = page.getByRole("form", { name: "Edit field" });
  await edit.getByLabel("Label").fill("Budget");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByRole("alert").last()).toContainText("already used by another field");
  await edit.getByLabel("Label").fill("Departamento");
  await edit.getByLabel("Options").fill("Marketing\nVendas\nFinanceiro");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toHaveCount(0);
  await expect(area).toContainText("Departamento");
  await expect(area).toContainText("Financeiro");
  await expect(area).not.toContainText("Suporte");

  await page.getByRole("button", { name: "Archive Budget" }).click();
  await expect(budget).toContainText("Archived");
  await expect(page.getByText("1 active, 1 archived")).toBeVisible();
  await screenshot(page, "fields");
  await page.getByRole("button", { name: "Unarchive Budget" }).click();
  await expect(budget).toContainText("Active");
});
