// Issue 9, new-user item 7: renaming a field's label silently dropped the values senders kept sending under the
// old label (201, value lost). A replaced label now stays as an alias that ingest resolves (after id, name and
// label, ignoring case and accents), listed and removable on the field. Driven through the real server actions
// (signed-in owners, admins, members and strangers) and the real ingest route.

// Next's request globals before any app module loads (the actions import lib/i18n, which reads the request).
import "../support/next-request-globals";
import { describe, expect, it } from "vitest";
import { createFieldAction, removeFieldAliasAction, updateFieldAction } from "@/app/(admin)/w/[slug]/fields/actions";
import { createField } from "@/lib/fields/create-field";
import { listFields } from "@/lib/fields/list-fields";
import { createLink } from "@/lib/links/create-link";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { callAction } from "../support/server-action";
import { fieldErrors, newMember, newTenant, newUser, unique } from "../support/tenants";

const db = useTestDatabase();

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

async function setup() {
  const tenant = await newTenant();
  const link = await createLink(tenant.workspace.id, { name: "Landing" });
  const company = await createField(tenant.workspace.id, { name: "company", label: "Company" });
  return { ...tenant, link, company };
}

/** Posts a new lead with `customFields` and returns the answer and the lead's stored custom values. */
async function send(token: string, customFields: Record<string, unknown>) {
  const answer = await post(token, { email: `${unique("lead")}@example.com`, customFields });
  const lead = answer.json?.leadId
    ? await db.current.prisma.lead.findUnique({ where: { id: answer.json.leadId as string }, select: { customFields: true } })
    : null;
  return {
    status: answer.status,
    warnings: (answer.json?.warnings ?? []) as { field: string; code: string }[],
    values: lead?.customFields,
  };
}

async function aliasesOf(workspaceId: string, name: string) {
  const field = (await listFields(workspaceId)).find((candidate) => candidate.name === name)!;
  return field.aliases;
}

describe("renaming a label", () => {
  it("keeps the old label resolving, in any case and without accents, and lists it on the field", async () => {
    const { owner, workspace, link, company } = await setup();
    expect(
      await callAction(owner, () => updateFieldAction(workspace.slug, company.id, {}, form({ label: "Empresa atual" }))),
    ).toMatchObject({ ok: true });

    for (const key of [
      "Company",
      "COMPANY",
      "cómpany",
      "  company  ".trim(),
      "Empresa atual",
      "EMPRESA ATUAL",
      "company",
      company.id,
    ]) {
      const sent = await send(link.token, { [key]: `Acme via ${key}` });
      expect(sent.status, key).toBe(201);
      expect(sent.warnings, key).toEqual([]);
      expect(sent.values, key).toEqual({ [company.id]: `Acme via ${key}` });
    }
    expect((await aliasesOf(workspace.id, "company")).map((alias) => alias.label)).toEqual(["Company"]);

    // A change of case or accents only is the same label: no alias.
    await callAction(owner, () => updateFieldAction(workspace.slug, company.id, {}, form({ label: "EMPRESA ATUAL" })));
    expect((await aliasesOf(workspace.id, "company")).map((alias) => alias.label)).toEqual(["Company"]);
  });

  it("resolves by id, then name, then label, then former label", async () => {
    const { owner, workspace, link, company } = await setup();
    await createField(workspace.id, { name: "Employer", label: "Firm" });
    await createField(workspace.id, { name: "other", label: "Employer ID" });
    await callAction(owner, () => updateFieldAction(workspace.slug, company.id, {}, form({ label: "Organisation" })));
    const fields = await listFields(workspace.id);
    const employer = fields.find((field) => field.name === "Employer")!;
    const other = fields.find((field) => field.name === "other")!;
    // A name wins over a label: "Employer" is a field's name, and "employer id" another's label.
    expect((await send(link.token, { Employer: "by name" })).values).toEqual({ [employer.id]: "by name" });
    expect((await send(link.token, { "employer id": "by label" })).values).toEqual({ [other.id]: "by label" });
    expect((await send(link.token, { company: "by name" })).values).toEqual({ [company.id]: "by name" });
    expect((await send(link.token, { COMPANY: "by former label" })).values).toEqual({ [company.id]: "by former label" });
    expect((await send(link.token, { [other.id.toUpperCase()]: "by id" })).values).toEqual({ [other.id]: "by id" });
  });

  it("back to a former label just works: the alias becomes the label again and the other label the alias", async () => {
    const { owner, workspace, link, company } = await setup();
    await callAction(owner, () => updateFieldAction(workspace.slug, company.id, {}, form({ label: "Employer" })));
    expect(
      await callAction(owner, () => updateFieldAction(workspace.slug, company.id, {}, form({ label: "company" }))),
    ).toMatchObject({ ok: true });
    expect((await listFields(workspace.id)).find((field) => field.id === company.id)).toMatchObject({
      label: "company",
      aliases: [{ label: "Employer" }],
    });
    expect((await send(link.token, { employer: "old" })).values).toEqual({ [company.id]: "old" });
    expect((await send(link.token, { Company: "current" })).values).toEqual({ [company.id]: "current" });
  });
});

describe("collisions", () => {
  it("a former label cannot become another field's label or name, until it is removed from its field", async () => {
    const { owner, workspace, link, company } = await setup();
    await callAction(owner, () => updateFieldAction(workspace.slug, company.id, {}, form({ label: "Employer" })));
    const other = await createField(workspace.id, { name: "firm", label: "Firm" });

    // Through the create form and the label editor alike: refused next to the input, nothing changed.
    const created = await callAction(owner, () =>
      createFieldAction(workspace.slug, {}, form({ name: "company_name", label: "COMPANY", type: "text" })),
    );
    expect(created).toMatchObject({
      ok: false,
      fieldErrors: { label: expect.stringContaining("former label of the field “Employer”") },
    });
    expect(await fieldErrors(createField(workspace.id, { name: "Company", label: "Something else" }))).toEqual({ name: "taken" });
    const renamed = await callAction(owner, () => updateFieldAction(workspace.slug, other.id, {}, form({ label: "Cómpany" })));
    expect(renamed).toMatchObject({ ok: false, fieldErrors: { label: expect.stringContaining("former label") } });
    expect((await listFields(workspace.id)).map((field) => field.label)).toEqual(["Employer", "Firm"]);
    expect((await send(link.token, { company: "still a's" })).values).toEqual({ [company.id]: "still a's" });
    expect((await send(link.token, { Company: "still a's" })).values).toEqual({ [company.id]: "still a's" });

    // Removing the alias frees it: the key stops resolving to a (a warning, value ignored), and another field may take it.
    const [alias] = await aliasesOf(workspace.id, "company");
    expect(await callAction(owner, () => removeFieldAliasAction(workspace.slug, company.id, alias!.id))).toEqual({ ok: true });
    expect(await aliasesOf(workspace.id, "company")).toEqual([]);
    const dropped = await send(link.token, { Cómpany: "nobody's" });
    expect(dropped.warnings.map((warning) => warning.code)).toEqual(["unknown_custom_field"]);
    expect(dropped.values).toEqual({});
    expect(
      await callAction(owner, () => updateFieldAction(workspace.slug, other.id, {}, form({ label: "Company" }))),
    ).toMatchObject({ ok: true });
    expect((await send(link.token, { company: "name first" })).values).toEqual({ [company.id]: "name first" });
    expect((await send(link.token, { COMPANY: "now b's label" })).values).toEqual({ [other.id]: "now b's label" });
  });

  it("a label taken by another field is refused and adds no alias", async () => {
    const { owner, workspace, company } = await setup();
    await createField(workspace.id, { name: "firm", label: "Firm" });
    const refused = await callAction(owner, () => updateFieldAction(workspace.slug, company.id, {}, form({ label: "FIRM" })));
    expect(refused).toMatchObject({ ok: false, fieldErrors: { label: expect.stringContaining("already used") } });
    expect(await aliasesOf(workspace.id, "company")).toEqual([]);
  });
});

describe("who may remove an alias", () => {
  it("owners and admins of the field's workspace; not members, not signed-out visitors, not another workspace", async () => {
    const { owner, workspace, company } = await setup();
    await callAction(owner, () => updateFieldAction(workspace.slug, company.id, {}, form({ label: "Employer" })));
    const [alias] = await aliasesOf(workspace.id, "company");
    const member = await newMember(workspace.id, "member");
    const admin = await newMember(workspace.id, "admin");
    const stranger = await newUser("stranger");
    const other = await newTenant("Other");

    const remove = (slug: string) => () => removeFieldAliasAction(slug, company.id, alias!.id);
    expect(await callAction(null, remove(workspace.slug))).toMatchObject({
      ok: false,
      message: expect.stringContaining("Sign in"),
    });
    expect(await callAction(member, remove(workspace.slug))).toMatchObject({
      ok: false,
      message: "Only owners and admins can do this.",
    });
    expect(await callAction(stranger, remove(workspace.slug))).toMatchObject({
      ok: false,
      message: "This workspace does not exist.",
    });
    // The other workspace's owner, through their own workspace, with this field's and alias's ids: not found.
    expect(await callAction(other.owner, remove(other.workspace.slug))).toMatchObject({
      ok: false,
      message: expect.stringContaining("no such former label"),
    });
    expect(await aliasesOf(workspace.id, "company")).toHaveLength(1);

    expect(await callAction(admin, remove(workspace.slug))).toEqual({ ok: true });
    expect(await aliasesOf(workspace.id, "company")).toEqual([]);
    expect(await callAction(admin, remove(workspace.slug))).toMatchObject({
      ok: false,
      message: expect.stringContaining("no such former label"),
    });
  });

  it("renaming through another workspace adds no alias there and changes nothing here", async () => {
    const { workspace, company } = await setup();
    const other = await newTenant("Other");
    const answer = await callAction(other.owner, () =>
      updateFieldAction(other.workspace.slug, company.id, {}, form({ label: "Hijacked" })),
    );
    expect(answer).toMatchObject({ ok: false });
    expect((await listFields(workspace.id))[0]).toMatchObject({ label: "Company", aliases: [] });
    expect(await db.current.prisma.customFieldAlias.count({ where: { workspaceId: other.workspace.id } })).toBe(0);
  });
});
