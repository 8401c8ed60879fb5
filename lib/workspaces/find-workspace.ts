import { getDatabase } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";

const workspaceSelect = { id: true, slug: true, name: true, country: true } satisfies Prisma.WorkspaceSelect;
export type WorkspaceSummary = Prisma.WorkspaceGetPayload<{ select: typeof workspaceSelect }>;

/**
 * The workspace with this slug (any case), or AppError `workspace_not_found`.
 * With `memberId`, a workspace that user does not belong to is not found either: the admin pages pass the
 * signed-in user, so another tenant's workspace is indistinguishable from one that does not exist.
 */
export async function findWorkspace(slug: string, options: { memberId?: string } = {}): Promise<WorkspaceSummary> {
  const { prisma } = await getDatabase();
  const normalised = slug.trim().toLowerCase();
  const workspace = await prisma.workspace.findFirst({
    where: {
      slug: normalised,
      ...(options.memberId !== undefined && { memberships: { some: { userId: options.memberId } } }),
    },
    select: workspaceSelect,
  });
  if (!workspace) throw new AppError("workspace_not_found", `No workspace with the slug "${normalised}".`);
  return workspace;
}
