// DESIGN.md §3 "Custom fields" and specification 2.4: keys resolve by id, name, then label (case- and
// accent-insensitive); unknown keys are ignored with a warning; values must fit the field's type.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { createField } from "../support/fixtures";
import { fieldClient } from "../support/ingest-fields";
import { setupLink, uniqueEmail, withoutRateLimit } from "../support/ingest-helpers";

const db = useTestDatabase();
withoutRateLimit();
let target: { token: string; workspaceId: string };
const client = fieldClient(
  () => db.current,
  () => target,
);
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { token, workspace } = await setupLink(db.current);
  target = { token, workspaceId: workspace.id };
  const fields = [
    { name: "area", label: "Área de Atuação" },
    { name: "employees", label: "Number of employees", type: "number" as const },
    { name: "start_date", label: "Start date", type: "date" as const },
    { name: "newsletter", label: "Wants newsletter", type: "boolean" as const },
    { name: "plan", label: "Plano", type: "select" as const, options: ["Básico", "Pro", "Enterprise"] },
    { name: "notes", label: "Notes" },
    { name: "legacy", label: "Legacy code", archived: true },
  ];
  for (const field of fields) ids[field.name] = (await createField(db.current, workspace.id, field)).id;
});

/** Creates a lead with these custom fields and returns its stored values keyed by field name. */
async function stored(customFields: Record<string, unknown>) {
  const { json, lead } = await client.accepted({ email: uniqueEmail(), customFields });
  const byId = lead.customFields as Record<string, unknown>;
  const byName = Object.fromEntries(
    Object.entries(ids)
      .filter(([, id]) => id in byId)
      .map(([name, id]) => [name, byId[id]]),
  );
  return { json, values: byName, raw: byId };
}

const errorsOf = async (customFields: Record<string, unknown>) =>
  (await client.rejected({ email: uniqueEmail(), customFields })).errors.map((issue) => issue.field).sort();

describe("resolving keys", () => {
  it("resolves by the field's id (in any case)", async () => {
    expect((await stored({ [ids.area!]: "Dentistry" })).values).toEqual({ area: "Dentistry" });
    expect((await stored({ [ids.notes!.toUpperCase()]: "upper-case id" })).values).toEqual({ notes: "upper-case id" });
  });

  it("resolves by the field's name", async () => {
    expect((await stored({ area: "Law" })).values).toEqual({ area: "Law" });
  });

  it.each(["Área de Atuação", "área de atuação", "AREA DE ATUACAO", "area de atuacao", "  Area   de  Atuacao "])(
    "resolves by the label %j (case- and accent-insensitive)",
    async (key) => {
      expect((await stored({ [key]: "Engineering" })).values).toEqual({ area: "Engineering" });
    },
  );

  it("ignores an unknown key with a warning and still creates the lead", async () => {
    const { json, raw } = await stored({ favourite_colour: "blue", area: "Law" });
    expect(json.created).toBe(true);
    expect(json.warnings).toHaveLength(1);
    expect(json.warnings[0]!.field).toContain("favourite_colour");
    expect(Object.keys(raw)).toEqual([ids.area]);
  });

  it("creates the lead when every key is unknown", async () => {
    const { json, raw } = await stored({ nope: 1, "also nope": "x" });
    expect(json.created).toBe(true);
    expect(json.warnings).toHaveLength(2);
    expect(raw).toEqual({});
  });

  it("does not write an archived field (ignored with a warning)", async () => {
    const { json, raw } = await stored({ legacy: "L-1" });
    expect(raw).toEqual({});
    expect(json.warnings.map((warning) => warning.field)).toEqual(["customFields.legacy"]);
  });
});

describe("text", () => {
  it("stores a string, trimmed; accepts 10,000 characters", async () => {
    expect((await stored({ notes: "  hello  " })).values).toEqual({ notes: "hello" });
    expect(((await stored({ notes: "n".repeat(10_000) })).values.notes as string).length).toBe(10_000);
  });

  it('treats null and "" as not sent', async () => {
    expect((await stored({ notes: null, area: "" })).raw).toEqual({});
  });

  it("stores a JSON number (the specification's other shape)", async () => {
    expect((await stored({ notes: 42 })).values.notes).toMatch(/^42$/);
  });

  it.each([
    ["10,001 characters", "n".repeat(10_001)],
    ["an object", { a: 1 }],
    ["an array", ["a"]],
  ])("rejects %s", async (_name, value) => {
    expect(await errorsOf({ notes: value })).toEqual(["customFields.notes"]);
  });
});

describe("number", () => {
  it.each([
    [42, 42],
    [-3.5, -3.5],
    [0, 0],
    ["42", 42],
    [" 17 ", 17],
    ["-2.25", -2.25],
  ])("stores %j as %j", async (value, expected) => {
    expect((await stored({ employees: value })).values).toEqual({ employees: expected });
  });

  it.each([["many"], ["12abc"], [true], [{}], [[1]], ["1e400"], ["--1"]])("rejects %j", async (value) => {
    expect(await errorsOf({ employees: value })).toEqual(["customFields.employees"]);
  });
});

describe("date", () => {
  it("stores a real calendar date", async () => {
    expect((await stored({ start_date: "2024-02-29" })).values).toEqual({ start_date: "2024-02-29" });
  });

  it.each(["2023-02-29", "2024-13-01", "29/02/2024", "tomorrow", 20240229, true])("rejects %j", async (value) => {
    expect(await errorsOf({ start_date: value })).toEqual(["customFields.start_date"]);
  });
});

describe("boolean", () => {
  it.each([
    [true, true],
    [false, false],
    ["true", true],
    ["false", false],
    ["TRUE", true],
  ])("stores %j as %j", async (value, expected) => {
    expect((await stored({ newsletter: value })).values).toEqual({ newsletter: expected });
  });

  it.each(["maybe", "truthy", 2, {}, []])("rejects %j", async (value) => {
    expect(await errorsOf({ newsletter: value })).toEqual(["customFields.newsletter"]);
  });
});

describe("select", () => {
  it.each([
    ["Pro", "Pro"],
    ["Básico", "Básico"],
    ["basico", "Básico"],
    ["ENTERPRISE", "Enterprise"],
  ])("stores %j as the option %j", async (value, option) => {
    expect((await stored({ plan: value })).values).toEqual({ plan: option });
  });

  it.each(["Gold", "Pro Plus", 3, true, ["Pro"]])("rejects %j", async (value) => {
    expect(await errorsOf({ plan: value })).toEqual(["customFields.plan"]);
  });
});

describe("errors", () => {
  it("lists every invalid custom field together with the invalid standard fields", async () => {
    const problem = await client.rejected({
      email: "broken",
      customFields: {
        employees: "many",
        start_date: "2023-02-29",
        newsletter: "maybe",
        plan: "Gold",
        notes: "fine",
        unknown: "ignored",
      },
    });
    expect(problem.errors.map((issue) => issue.field).sort()).toEqual(
      ["customFields.employees", "customFields.newsletter", "customFields.plan", "customFields.start_date", "email"].sort(),
    );
  });
});
