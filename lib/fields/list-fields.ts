import { getDatabase } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { type CustomFieldDefinition, toDefinition } from "./custom-field";

export const customFieldSelect = {
  id: true,
  name: true,
  label: true,
  labelKey: true,
  type: true,
  options: true,
  archivedAt: true,
  createdAt: true,
  aliases: { select: { id: true, label: true, labelKey: true }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] },
} satisfies Prisma.CustomFieldSelect;

export interface FieldAlias {
  id: string;
  label: string;
}

export type CustomFieldListItem = CustomFieldDefinition & { createdAt: Date; archivedAt: Date | null; aliases: FieldAlias[] };

/** The workspace's custom fields, in the order they were created; archived ones included, flagged. */
export async function listFields(workspaceId: string): Promise<CustomFieldListItem[]> {
  const { prisma } = await getDatabase();
  const rows = await prisma.customField.findMany({
    where: { workspaceId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: customFieldSelect,
  });
  return rows.map((row) => ({
    ...toDefinition(row),
    createdAt: row.createdAt,
    archivedAt: row.archivedAt,
    aliases: row.aliases.map((alias) => ({ id: alias.id, label: alias.label })),
  }));
}
