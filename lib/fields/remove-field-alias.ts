import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { fieldId } from "./update-field";

export function aliasNotFound(): AppError {
  return new AppError("alias_not_found", "This field has no such former label in this workspace.");
}

/**
 * Removes a former label of a field of the workspace: requests using it no longer reach the field
 * (they get an unknown_custom_field warning), and another field may take it as its label or name. With an
 * `actor`, audited (the field and the former label by name) in the same transaction.
 */
export async function removeFieldAlias(workspaceId: string, field: string, alias: string, actor?: AuditActor): Promise<void> {
  const ids = { fieldId: fieldId(field), id: fieldId(alias) };
  if (!ids.fieldId || !ids.id) throw aliasNotFound();
  const { fieldId: targetId, id } = ids;
  const { prisma } = await getDatabase();
  await prisma.$transaction(async (tx) => {
    // The workspace and the field are in the delete itself: an alias of another workspace or field is not found.
    const where = { id, fieldId: targetId, workspaceId };
    const gone = await tx.customFieldAlias.findFirst({
      where,
      select: { label: true, field: { select: { name: true, label: true } } },
    });
    const { count } = await tx.customFieldAlias.deleteMany({ where });
    if (!gone || count === 0) throw aliasNotFound();
    if (actor) {
      const event = { workspaceId, action: "field.updated", targetType: "custom_field", targetId } as const;
      const details = { name: gone.field.name, label: gone.field.label, removedAlias: gone.label };
      await recordAudit(actor, { ...event, details }, tx);
    }
  });
  await invalidateCaptureLinks(workspaceId);
}
