import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { createUser } from "@/lib/users/create-user";
import { addMember } from "@/lib/workspaces/add-member";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { findWorkspace } from "@/lib/workspaces/find-workspace";
import { useTestDatabase } from "../support/database";

const db = useTestDatabase();

function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error.code;
}

describe("findWorkspace", () => {
  it("finds a workspace by its slug in any case", async () => {
    const created = await createWorkspace({ name: "Finder", slug: unique("finder") });
    expect(await findWorkspace(`  ${created.slug.toUpperCase()} `)).toEqual(created);
    expect(await errorCode(findWorkspace("no-such-slug"))).toBe("workspace_not_found");
  });

  it("with a member id, finds only a workspace that user belongs to", async () => {
    const user = await createUser({ email: `${unique("member")}@example.com`, password: "quiet-otter-41" });
    const mine = await createWorkspace({ name: "Mine", slug: unique("mine") }, { ownerEmail: user.email });
    const theirs = await createWorkspace({ name: "Theirs", slug: unique("theirs") });
    expect((await findWorkspace(mine.slug, { memberId: user.id })).id).toBe(mine.id);
    expect(await errorCode(findWorkspace(theirs.slug, { memberId: user.id }))).toBe("workspace_not_found");
  });
});

describe("addMember", () => {
  it("adds an existing user by email with a role, member by default", async () => {
    const workspace = await createWorkspace({ name: "Team", slug: unique("team") });
    const admin = await createUser({ email: `${unique("admin")}@example.com`, password: "quiet-otter-41" });
    const member = await createUser({ email: `${unique("plain")}@example.com`, password: "quiet-otter-41" });
    await addMember(workspace.id, { email: admin.email.toUpperCase(), role: "admin" });
    await addMember(workspace.id, { email: member.email });
    const roles = await db.current.prisma.membership.findMany({
      where: { workspaceId: workspace.id },
      select: { userId: true, role: true },
    });
    expect(roles).toHaveLength(2);
    expect(roles).toEqual(
      expect.arrayContaining([
        { userId: admin.id, role: "admin" },
        { userId: member.id, role: "member" },
      ]),
    );
  });

  it("refuses a user who is already a member, an unknown email and an unknown role", async () => {
    const workspace = await createWorkspace({ name: "Team", slug: unique("team") });
    const user = await createUser({ email: `${unique("twice")}@example.com`, password: "quiet-otter-41" });
    await addMember(workspace.id, { email: user.email });
    expect(await errorCode(addMember(workspace.id, { email: user.email, role: "admin" }))).toBe("already_member");
    expect(await errorCode(addMember(workspace.id, { email: "nobody@example.com" }))).toBe("user_not_found");
    expect(await errorCode(addMember(workspace.id, { email: user.email, role: "boss" as "admin" }))).toBe("validation_failed");
  });
});
