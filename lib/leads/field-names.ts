import { getDatabase } from "@/lib/db/client";

/** The workspace's custom field names by id, archived fields included: their values are still the lead's. */
export async function loadFieldNames(workspaceId: string): Promise<Map<string, string>> {
  const { prisma } = await getDatabase();
  const fields = await prisma.customField.findMany({ where: { workspaceId }, select: { id: true, name: true } });
  return new Map(fields.map((field) => [field.id, field.name]));
}
