import { describe, expect, it } from "vitest";
import { excelSeparator } from "@/lib/leads/export-leads";
import { leadWorkflowPatchSchema, splitTags, tagSchema } from "@/lib/leads/lead-workflow-input";

describe("tags", () => {
  it("are trimmed with inner spaces collapsed, and refused empty, too long or with a comma", () => {
    expect(tagSchema.parse("  hot   lead ")).toBe("hot lead");
    for (const bad of ["", "   ", "a,b", "x".repeat(51)]) expect(tagSchema.safeParse(bad).success).toBe(false);
    expect(tagSchema.safeParse("x".repeat(50)).success).toBe(true);
  });

  it("are kept once per case in a patch, in their first spelling", () => {
    expect(leadWorkflowPatchSchema.parse({ tags: ["VIP", "vip", " Vip ", "webinar"] }).tags).toEqual(["VIP", "webinar"]);
  });

  it("split from one text field on commas", () => {
    expect(splitTags(" vip, hot lead ,, webinar 2026 ")).toEqual(["vip", "hot lead", "webinar 2026"]);
    expect(splitTags("  ")).toEqual([]);
  });
});

describe("a workflow patch", () => {
  it("takes each field alone, null to unassign, and refuses unknown fields", () => {
    expect(leadWorkflowPatchSchema.parse({})).toEqual({});
    expect(leadWorkflowPatchSchema.parse({ ownerId: null })).toEqual({ ownerId: null });
    expect(leadWorkflowPatchSchema.safeParse({ status: "closed" }).success).toBe(false);
    expect(leadWorkflowPatchSchema.safeParse({ ownerId: "bob" }).success).toBe(false);
    expect(leadWorkflowPatchSchema.safeParse({ email: "a@b.co" }).success).toBe(false);
  });
});

describe("the Excel-friendly separator", () => {
  it("is ';' where the language writes a decimal comma, ',' elsewhere", () => {
    expect(excelSeparator("pt-BR")).toBe(";");
    expect(excelSeparator("de-DE")).toBe(";");
    expect(excelSeparator("en-US")).toBe(",");
    expect(excelSeparator("en")).toBe(",");
  });
});
