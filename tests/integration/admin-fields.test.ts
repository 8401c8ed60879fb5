// Issue 3 (admin UI), custom fields: listing, editing a label or a select's options, archiving and
// restoring, with names and labels unique per workspace (labels ignoring case and accents), ingest seeing
// every change at once, and tenancy across two workspaces.
import { describe, expect, it } from "vitest";
import { findWorkspaceAccess } from "@/lib/auth/session";
import { archiveField, unarchiveField } from "@/lib/fields/archive-field";
import { createField } from "@/lib/fields/create-field";
import { readFieldForm, readFieldUpdateForm } from "@/lib/fields/field-form";
import { listFields } from "@/lib/fields/list-fields";
import { updateField } from "@/lib/fields/update-field";
import { createLink } from "@/lib/links/create-link";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { errorCode, fieldErrors, newTenant, unique } from "../support/tenants";

const db = useTestDatabase();

function email() {
  return `${unique("lead")}@example.com`;
}

async function storedCustomFields(leadId: string) {
  const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: leadId }, select: { customFields: true } });
  return lead.customFields as Record<string, unknown>;
}

describe("listing", () => {
  it("lists the workspace's fields in creation order, archived ones flagged", async () => {
    const { workspace } = await newTenant();
    const company = await createField(workspace.id, { name: "company", label: "Company" });
    const plan = await createField(workspace.id, { name: "plan", label: "Plan", type: "select", options: ["Basic", "Pro"] });
    await archiveField(workspace.id, company.id);
    const fields = await listFields(workspace.id);
    expect(fields.map((field) => [field.name, field.type, field.archived])).toEqual([
      ["company", "text", true],
      ["plan", "select", false],
    ]);
    expect(fields[1]).toMatchObject({ id: plan.id, options: ["Basic", "Pro"], archivedAt: null });
    expect(fields[0]!.archivedAt).toBeInstanceOf(Date);
  });
});

describe("creating from the form", () => {
  it("reads the form the way the schema expects, and reports each invalid input", async () => {
    const { workspace } = await newTenant();
    const form = new FormData();
    form.set("name", "budget_range");
    form.set("label", "Budget range");
    form.set("type", "select");
    form.set("options", "Up to 1k\n\n 1k–10k \nMore than 10k, negotiable\n");
    const created = await createField(workspace.id, readFieldForm(form));
    expect(created).toMatchObject({
      name: "budget_range",
      type: "select",
      options: ["Up to 1k", "1k–10k", "More than 10k, negotiable"],
    });

    // A text field ignores the options box the page keeps hidden.
    form.set("name", "notes");
    form.set("label", "Notes");
    form.set("type", "text");
    expect(await createField(workspace.id, readFieldForm(form))).toMatchObject({ type: "text" });

    form.set("name", "1bad name");
    form.set("label", "BUDGET RANGE");
    expect(await fieldErrors(createField(workspace.id, readFieldForm(form)))).toEqual({ name: "invalid_format" });
    form.set("name", "budget2");
    expect(await fieldErrors(createField(workspace.id, readFieldForm(form)))).toEqual({ label: "taken" });
  });
});

describe("editing", () => {
  it("changes the label (and its key), and ingest resolves the new label at once", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Form" });
    const field = await createField(workspace.id, { name: "company", label: "Company" });
    const updated = await updateField(workspace.id, field.id, { label: "  Empresa Atual " });
    expect(updated).toMatchObject({ id: field.id, name: "company", label: "Empresa Atual", labelKey: "empresa atual" });

    const answer = await post(link.token, { email: email(), customFields: { "EMPRESA atual": "Acme" } });
    expect(answer.status).toBe(201);
    expect(answer.json?.warnings).toEqual([]);
    expect(await storedCustomFields(answer.json!.leadId)).toEqual({ [field.id]: "Acme" });
  });

  it("keeps labels unique ignoring case and accents, and names and types fixed", async () => {
    const { workspace } = await newTenant();
    await createField(workspace.id, { name: "area", label: "Área de Atuação" });
    const other = await createField(workspace.id, { name: "other", label: "Other" });
    expect(await fieldErrors(updateField(workspace.id, other.id, { label: "AREA DE ATUACAO" }))).toEqual({ label: "taken" });
    expect(await fieldErrors(updateField(workspace.id, other.id, { label: "" }))).toEqual({ label: "required" });
    // Keys the update schema does not know (name, type) are not applied.
    const same = await updateField(workspace.id, other.id, { label: "Other", name: "renamed", type: "number" } as never);
    expect(same).toMatchObject({ name: "other", type: "text" });
    const form = new FormData();
    form.set("label", "Outro");
    expect(await updateField(workspace.id, other.id, readFieldUpdateForm(form))).toMatchObject({ label: "Outro" });
  });

  it("changes a select field's options; ingest accepts the new ones and refuses removed ones", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Form" });
    const plan = await createField(workspace.id, { name: "plan", label: "Plan", type: "select", options: ["Basic", "Pro"] });
    const text = await createField(workspace.id, { name: "notes", label: "Notes" });

    expect(await updateField(workspace.id, plan.id, { options: ["Basic", "Enterprise"] })).toMatchObject({
      options: ["Basic", "Enterprise"],
    });
    expect((await post(link.token, { email: email(), customFields: { plan: "enterprise" } })).status).toBe(201);
    const refused = await post(link.token, { email: email(), customFields: { plan: "Pro" } });
    expect(refused.status).toBe(422);
    expect(refused.json?.errors).toEqual([expect.objectContaining({ field: "customFields.plan", code: "invalid_option" })]);

    expect(await fieldErrors(updateField(workspace.id, plan.id, { options: [] }))).toEqual({ options: "required" });
    expect(await fieldErrors(updateField(workspace.id, plan.id, { options: ["Pro", "PRO"] }))).toEqual({ options: "invalid" });
    expect(await fieldErrors(updateField(workspace.id, text.id, { options: ["A"] }))).toEqual({ options: "not_allowed" });
  });
});

describe("archiving", () => {
  it("makes ingest ignore the field with a warning, keeps its name taken, and unarchiving restores it", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Form" });
    const field = await createField(workspace.id, { name: "company", label: "Company" });

    const archived = await archiveField(workspace.id, field.id);
    expect(archived.archived).toBe(true);
    const first = (await db.current.prisma.customField.findUniqueOrThrow({ where: { id: field.id } })).archivedAt;
    await archiveField(workspace.id, field.id);
    expect((await db.current.prisma.customField.findUniqueOrThrow({ where: { id: field.id } })).archivedAt).toEqual(first);

    const ignored = await post(link.token, { email: email(), customFields: { company: "Acme" } });
    expect(ignored.status).toBe(201);
    expect(ignored.json?.warnings).toEqual([
      expect.objectContaining({ field: "customFields.company", code: "archived_custom_field" }),
    ]);
    expect(await storedCustomFields(ignored.json!.leadId)).toEqual({});
    expect(await fieldErrors(createField(workspace.id, { name: "company", label: "Company 2" }))).toEqual({ name: "taken" });

    expect((await unarchiveField(workspace.id, field.id)).archived).toBe(false);
    const stored = await post(link.token, { email: email(), customFields: { company: "Acme" } });
    expect(await storedCustomFields(stored.json!.leadId)).toEqual({ [field.id]: "Acme" });
  });
});

describe("tenancy", () => {
  it("a user of workspace B can neither reach workspace A nor list, update, archive or unarchive A's fields through B", async () => {
    const a = await newTenant("Alpha");
    const b = await newTenant("Beta");
    const field = await createField(a.workspace.id, { name: "secret", label: "Secret", type: "select", options: ["x"] });
    const archived = await createField(a.workspace.id, { name: "old", label: "Old" });
    await archiveField(a.workspace.id, archived.id);

    expect(await findWorkspaceAccess(b.owner.id, a.workspace.slug)).toBeNull();
    expect(await listFields(b.workspace.id)).toEqual([]);
    expect(await errorCode(updateField(b.workspace.id, field.id, { label: "Pwned", options: ["y"] }))).toBe("field_not_found");
    expect(await errorCode(archiveField(b.workspace.id, field.id))).toBe("field_not_found");
    expect(await errorCode(unarchiveField(b.workspace.id, archived.id))).toBe("field_not_found");
    expect(await errorCode(updateField(a.workspace.id, "not-a-uuid", { label: "x" }))).toBe("field_not_found");

    const fields = await listFields(a.workspace.id);
    expect(fields.map((item) => [item.label, item.archived])).toEqual([
      ["Secret", false],
      ["Old", true],
    ]);
    expect(fields[0]).toMatchObject({ options: ["x"] });
  });
});
