import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { Role } from "@/lib/db/generated/enums";
import { isAppError } from "@/lib/errors";
import { createUser } from "@/lib/users/create-user";
import { addMember } from "@/lib/workspaces/add-member";
import { createWorkspace } from "@/lib/workspaces/create-workspace";

export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

export async function newUser(prefix = "user") {
  return createUser({ email: `${unique(prefix)}@example.com`, password: "quiet-otter-41", name: prefix });
}

/** A workspace with its owner: one tenant of the cross-workspace tests. */
export async function newTenant(name = "Tenant") {
  const owner = await newUser("owner");
  const workspace = await createWorkspace({ name, slug: unique(name.toLowerCase()) }, { ownerEmail: owner.email });
  return { owner, workspace };
}

/** A new user who joins the workspace with `role`. */
export async function newMember(workspaceId: string, role: Role) {
  const user = await newUser(role);
  await addMember(workspaceId, { email: user.email, role });
  return user;
}

/** The AppError code a promise rejects with (fails the test when it resolves or throws something else). */
export async function errorCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isAppError(error), `expected an AppError, got ${String(error)}`).toBe(true);
  return (error as { code: string }).code;
}

/** The field errors of an AppError a promise rejects with, as {field: code}. */
export async function fieldErrors(promise: Promise<unknown>): Promise<Record<string, string>> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isAppError(error), `expected an AppError, got ${String(error)}`).toBe(true);
  return Object.fromEntries(
    ((error as { errors?: { field: string; code: string }[] }).errors ?? []).map((issue) => [issue.field, issue.code]),
  );
}
