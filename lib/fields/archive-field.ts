import { getDatabase } from "@/lib/db/client";
import { invalidateCaptureLinks } from "@/lib/links/link-cache";
import { type CustomFieldDefinition, toDefinition } from "./custom-field";
import { fieldNotFound } from "./field-errors";
import { customFieldSelect } from "./list-fields";
import { fieldId } from "./update-field";

/**
 * Archives or restores a field of the workspace. An archived field keeps its name and label (no new field
 * may take them) and its stored values; ingest ignores it with a warning. Archiving twice keeps the first time.
 */
async function setArchived(workspaceId: string, id: string, archived: boolean): Promise<CustomFieldDefinition> {
  const where = { id: fieldId(id) ?? "", workspaceId };
  if (!where.id) throw fieldNotFound(id);
  const { prisma } = await getDatabase();
  const { count } = await prisma.customField.updateMany({
    where: { ...where, archivedAt: archived ? null : { not: null } },
    data: { archivedAt: archived ? new Date() : null },
  });
  const row = await prisma.customField.findFirst({ where, select: customFieldSelect });
  if (!row) throw fieldNotFound(id);
  if (count > 0) await invalidateCaptureLinks(workspaceId);
  return toDefinition(row);
}

export function archiveField(workspaceId: string, id: string): Promise<CustomFieldDefinition> {
  return setArchived(workspaceId, id, true);
}

export function unarchiveField(workspaceId: string, id: string): Promise<CustomFieldDefinition> {
  return setArchived(workspaceId, id, false);
}
