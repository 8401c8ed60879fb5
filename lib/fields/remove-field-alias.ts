import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { invalidateCaptureLinks } from "@/lib/links/link-cache";
import { fieldId } from "./update-field";

export function aliasNotFound(): AppError {
  return new AppError("alias_not_found", "This field has no such former label in this workspace.");
}

/**
 * Removes a former label of a field of the workspace: requests using it no longer reach the field
 * (they get an unknown_custom_field warning), and another field may take it as its label or name.
 */
export async function removeFieldAlias(workspaceId: string, field: string, alias: string): Promise<void> {
  const ids = { fieldId: fieldId(field), id: fieldId(alias) };
  if (!ids.fieldId || !ids.id) throw aliasNotFound();
  const { prisma } = await getDatabase();
  // The workspace and the field are in the delete itself: an alias of another workspace or field is not found.
  const { count } = await prisma.customFieldAlias.deleteMany({ where: { id: ids.id, fieldId: ids.fieldId, workspaceId } });
  if (count === 0) throw aliasNotFound();
  await invalidateCaptureLinks(workspaceId);
}
