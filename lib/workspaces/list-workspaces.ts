import { getDatabase } from "@/lib/db/client";
import type { WorkspaceSummary } from "./find-workspace";

/** Every workspace of the installation, by slug (the command line: whoever runs it owns the installation). */
export async function listWorkspaces(): Promise<WorkspaceSummary[]> {
  const { prisma } = await getDatabase();
  return prisma.workspace.findMany({ select: { id: true, slug: true, name: true, country: true }, orderBy: { slug: "asc" } });
}
