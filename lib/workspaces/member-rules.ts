import type { Role } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors";

export type { Role };

/**
 * Whether a member with role `actor` may add, change or remove a membership: owners and admins manage
 * members, and only owners make or unmake owners (adding one, promoting to owner, demoting or removing one).
 * `from` is the membership's role before (none when adding), `to` after (none when removing).
 */
export function memberChangeRefusal(actor: Role, change: { from?: Role; to?: Role }): string | undefined {
  if (actor === "member") return "Only owners and admins can manage members.";
  if (actor !== "owner" && (change.from === "owner" || change.to === "owner")) return "Only owners can make or unmake owners.";
  return undefined;
}

export function assertMemberChangeAllowed(actor: Role, change: { from?: Role; to?: Role }): void {
  const refusal = memberChangeRefusal(actor, change);
  if (refusal) throw new AppError("forbidden", refusal);
}

/** Which roles an actor may give in the members page's menus. */
export function assignableRoles(actor: Role): Role[] {
  if (actor === "owner") return ["owner", "admin", "member"];
  if (actor === "admin") return ["admin", "member"];
  return [];
}
