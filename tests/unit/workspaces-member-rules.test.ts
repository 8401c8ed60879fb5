import { describe, expect, it } from "vitest";
import { assignableRoles, memberChangeRefusal } from "@/lib/workspaces/member-rules";

describe("memberChangeRefusal", () => {
  it("lets owners do anything, admins everything that involves no owner, members nothing", () => {
    const allowed = (
      actor: "owner" | "admin" | "member",
      from?: "owner" | "admin" | "member",
      to?: "owner" | "admin" | "member",
    ) => memberChangeRefusal(actor, { from, to }) === undefined;
    expect(allowed("owner", "owner", "member")).toBe(true);
    expect(allowed("owner", undefined, "owner")).toBe(true);
    expect(allowed("admin", "member", "admin")).toBe(true);
    expect(allowed("admin", "admin")).toBe(true);
    expect(allowed("admin", undefined, "owner")).toBe(false);
    expect(allowed("admin", "owner", "admin")).toBe(false);
    expect(allowed("admin", "owner")).toBe(false);
    expect(allowed("member", "member", "member")).toBe(false);
    expect(allowed("member", undefined, "member")).toBe(false);
  });

  it("offers only the roles an actor may give", () => {
    expect(assignableRoles("owner")).toEqual(["owner", "admin", "member"]);
    expect(assignableRoles("admin")).toEqual(["admin", "member"]);
    expect(assignableRoles("member")).toEqual([]);
  });
});
