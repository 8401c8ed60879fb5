import { getDatabase } from "@/lib/db/client";

export interface LinkChoice {
  id: string;
  name: string;
  active: boolean;
}

/** The workspace's capture links an endpoint can be limited to (names only; no counters), newest first. */
export async function listLinkChoices(workspaceId: string): Promise<LinkChoice[]> {
  const { prisma } = await getDatabase();
  const links = await prisma.captureLink.findMany({
    where: { workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: { id: true, name: true, status: true },
  });
  return links.map((link) => ({ id: link.id, name: link.name, active: link.status === "active" }));
}
