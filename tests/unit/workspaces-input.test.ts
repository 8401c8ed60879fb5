import { describe, expect, it } from "vitest";
import { toFieldIssues } from "@/lib/validation/parse-input";
import { slugify } from "@/lib/workspaces/slugify";
import { WorkspaceInput } from "@/lib/workspaces/workspace-input";

describe("slugify", () => {
  it.each([
    ["Acme", "acme"],
    ["Clínica São João", "clinica-sao-joao"],
    ["  Hello,   World!  ", "hello-world"],
    ["Ação & Reação -- 2026", "acao-reacao-2026"],
    ["Straße Øresund Æble Łódź", "strasse-oresund-aeble-lodz"],
    ["ÉCOLE", "ecole"],
    ["---", ""],
    ["日本語", ""],
  ])("%j -> %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("cuts long names to 63 characters without a trailing dash", () => {
    const slug = slugify(`${"a".repeat(62)} b`);
    expect(slug).toBe("a".repeat(62));
    expect(slugify("x".repeat(100))).toHaveLength(63);
  });
});

describe("WorkspaceInput", () => {
  it("derives the slug from the name and defaults the country to BR", () => {
    expect(WorkspaceInput.parse({ name: " Clínica São João " })).toEqual({
      name: "Clínica São João",
      slug: "clinica-sao-joao",
      country: "BR",
    });
  });

  it("takes a given slug in lower case, and an empty one as not given", () => {
    expect(WorkspaceInput.parse({ name: "Acme", slug: "Acme-Br" }).slug).toBe("acme-br");
    expect(WorkspaceInput.parse({ name: "Acme", slug: "" }).slug).toBe("acme");
  });

  it("upper-cases the country and accepts only ISO 3166 alpha-2 codes", () => {
    expect(WorkspaceInput.parse({ name: "Acme", country: "us" }).country).toBe("US");
    for (const country of ["XX", "BRA", "B", "1A"]) {
      const result = WorkspaceInput.safeParse({ name: "Acme", country });
      expect(result.success, country).toBe(false);
      expect(toFieldIssues(result.error!)).toEqual([{ field: "country", code: "invalid_country", message: expect.any(String) }]);
    }
  });

  it.each(["-acme", "acme_co", "acme co", "a".repeat(64), "ação"])("refuses the slug %j", (slug) => {
    const result = WorkspaceInput.safeParse({ name: "Acme", slug });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["slug"]);
  });

  it("asks for a slug when none can be derived from the name", () => {
    const result = WorkspaceInput.safeParse({ name: "日本語" });
    expect(result.success).toBe(false);
    expect(toFieldIssues(result.error!)).toEqual([
      { field: "slug", code: "invalid_slug", message: expect.stringContaining("choose one") },
    ]);
  });

  it("requires a name", () => {
    const result = WorkspaceInput.safeParse({ name: "   " });
    expect(toFieldIssues(result.error!)).toContainEqual({ field: "name", code: "required", message: "is required" });
  });
});
