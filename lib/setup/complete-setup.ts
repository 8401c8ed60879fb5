import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { createUser } from "@/lib/users/create-user";
import { EmailAddress, Password, UserName } from "@/lib/users/user-input";
import { parseInput } from "@/lib/validation/parse-input";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import type { WorkspaceSummary } from "@/lib/workspaces/find-workspace";
import { CountryCode, WorkspaceName } from "@/lib/workspaces/workspace-input";

/** The setup form: the owner's account and the first workspace, checked together so every error shows at once. */
export const SetupInput = z.object({
  name: UserName.optional(),
  email: EmailAddress,
  password: Password,
  workspaceName: WorkspaceName,
  country: CountryCode.default("BR"),
});
export type SetupInput = z.input<typeof SetupInput>;

export async function isSetUp(): Promise<boolean> {
  const { prisma } = await getDatabase();
  return (await prisma.user.count({ take: 1 })) > 0;
}

/**
 * First run: the owner's account and the first workspace. Refused once any user exists, so the setup
 * page cannot be used to take over an installation. The workspace's creation is audited as the new owner
 * (from `ip`).
 */
export async function completeSetup(raw: SetupInput, ip: string | null = null): Promise<WorkspaceSummary> {
  const input = parseInput(SetupInput, raw, "setup");
  if (await isSetUp()) throw new AppError("already_set_up", "Leadlink is already set up. Sign in instead.");
  const user = await createUser({ email: input.email, password: input.password, name: input.name });
  // Two setup forms submitted at once: both users exist now, the later one is removed again.
  const { prisma } = await getDatabase();
  const first = await prisma.user.findFirst({ orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
  if (first?.id !== user.id) {
    await prisma.user.delete({ where: { id: user.id } });
    throw new AppError("already_set_up", "Leadlink was just set up by someone else. Sign in instead.");
  }
  const actor = { kind: "user", userId: user.id, ip } as const;
  return createWorkspace({ name: input.workspaceName, country: input.country }, { ownerEmail: user.email, actor });
}
