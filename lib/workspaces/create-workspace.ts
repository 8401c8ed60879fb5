import { getDatabase } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation/parse-input";
import { addMember } from "./add-member";
import type { WorkspaceSummary } from "./find-workspace";
import { WorkspaceInput } from "./workspace-input";

/**
 * Creates a workspace; with `ownerEmail`, that existing user becomes its owner in the same transaction,
 * so a missing user leaves no ownerless workspace behind.
 */
export async function createWorkspace(input: WorkspaceInput, options: { ownerEmail?: string } = {}): Promise<WorkspaceSummary> {
  const { name, slug, country } = parseInput(WorkspaceInput, input, "workspace");
  const { prisma } = await getDatabase();
  try {
    return await prisma.$transaction(async (tx) => {
      const workspace = await tx.workspace.create({
        data: { name, slug, country },
        select: { id: true, slug: true, name: true, country: true },
      });
      if (options.ownerEmail !== undefined) await addMember(workspace.id, { email: options.ownerEmail, role: "owner" }, tx);
      return workspace;
    });
  } catch (error) {
    // The unique index, not a prior look-up, decides: two admins creating one slug at once cannot both win.
    if (uniqueViolation(error) === "workspaces_slug_key") {
      throw new AppError("slug_taken", `The slug "${slug}" is already used by another workspace. Choose another one.`, {
        errors: [{ field: "slug", code: "taken", message: "is already used by another workspace" }],
      });
    }
    throw error;
  }
}
