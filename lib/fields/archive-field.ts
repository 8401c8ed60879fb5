import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { type CustomFieldDefinition, toDefinition } from "./custom-field";
import { fieldNotFound } from "./field-errors";
import { customFieldSelect } from "./list-fields";
import { fieldId } from "./update-field";

/**
 * Archives or restores a field of the workspace. An archived field keeps its name and label (no new field
 * may take them) and its stored values; ingest ignores it with a warning. Archiving twice keeps the first time
 * (and is audited once: with an `actor`, a change is audited in its own transaction).
 */
async function setArchived(
  workspaceId: string,
  id: string,
  archived: boolean,
  actor: AuditActor | undefined,
): Promise<CustomFieldDefinition> {
  const where = { id: fieldId(id) ?? "", workspaceId };
  if (!where.id) throw fieldNotFound(id);
  const { prisma } = await getDatabase();
  const { count, row } = await prisma.$transaction(async (tx) => {
    const { count } = await tx.customField.updateMany({
      where: { ...where, archivedAt: archived ? null : { not: null } },
      data: { archivedAt: archived ? new Date() : null },
    });
    const row = await tx.customField.findFirst({ where, select: customFieldSelect });
    if (row && count > 0 && actor) {
      const event = { workspaceId, targetType: "custom_field", targetId: row.id } as const;
      const changes = [{ field: "archived", from: !archived, to: archived }];
      const details = { name: row.name, label: row.label, changes };
      await recordAudit(actor, { ...event, action: archived ? "field.archived" : "field.updated", details }, tx);
    }
    return { count, row };
  });
  if (!row) throw fieldNotFound(id);
  if (count > 0) await invalidateCaptureLinks(workspaceId);
  return toDefinition(row);
}

export function archiveField(workspaceId: string, id: string, actor?: AuditActor): Promise<CustomFieldDefinition> {
  return setArchived(workspaceId, id, true, actor);
}

export function unarchiveField(workspaceId: string, id: string, actor?: AuditActor): Promise<CustomFieldDefinition> {
  return setArchived(workspaceId, id, false, actor);
}
