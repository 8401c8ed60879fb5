import { getDatabase } from "@/lib/db/client";
import type { Role } from "./member-rules";

/** The workspaces a user belongs to, by name, with their role in each. */
export async function listUserWorkspaces(userId: string): Promise<{ slug: string; name: string; role: Role }[]> {
  const { prisma } = await getDatabase();
  const rows = await prisma.membership.findMany({
    where: { userId },
    select: { role: true, workspace: { select: { slug: true, name: true } } },
    orderBy: { workspace: { name: "asc" } },
  });
  return rows.map((row) => ({ slug: row.workspace.slug, name: row.workspace.name, role: row.role }));
}
