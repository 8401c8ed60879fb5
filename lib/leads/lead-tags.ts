import type { SqlExecutor } from "@/lib/db/client";
import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";

/**
 * The workspace's spelling of each tag, registering the new ones: "vip" becomes "VIP" when the workspace
 * first wrote it so. In the order given; `tags` is already unique by case (lead-workflow-input.ts).
 */
export async function canonicalTags(tx: SqlExecutor, workspaceId: string, tags: string[]): Promise<string[]> {
  if (tags.length === 0) return [];
  await tx.sql(Prisma.sql`
    INSERT INTO lead_tags (workspace_id, key, name)
    SELECT ${workspaceId}::uuid, lower(t.name), t.name FROM unnest(${tags}::text[]) AS t(name)
    ON CONFLICT (workspace_id, key) DO NOTHING`);
  // Matched by PostgreSQL's lower(), the one that made the keys.
  const rows = await tx.sql<{ given: string; name: string }>(Prisma.sql`
    SELECT t.given, lt.name FROM unnest(${tags}::text[]) AS t(given)
    JOIN lead_tags lt ON lt.workspace_id = ${workspaceId}::uuid AND lt.key = lower(t.given)`);
  const names = new Map(rows.map((row) => [row.given, row.name]));
  return tags.map((tag) => names.get(tag) ?? tag);
}

/** The workspace's spelling of a tag, or undefined when no lead was ever tagged so. */
export async function existingTag(tx: SqlExecutor, workspaceId: string, tag: string): Promise<string | undefined> {
  const [row] = await tx.sql<{ name: string }>(Prisma.sql`
    SELECT name FROM lead_tags WHERE workspace_id = ${workspaceId}::uuid AND key = lower(${tag}::text)`);
  return row?.name;
}

/** Every tag of the workspace, A→Z, for the leads filter and the tag inputs' suggestions. */
export async function listTags(workspaceId: string): Promise<string[]> {
  const { prisma } = await getDatabase();
  const rows = await prisma.leadTag.findMany({ where: { workspaceId }, select: { name: true }, orderBy: { key: "asc" } });
  return rows.map((row) => row.name);
}
