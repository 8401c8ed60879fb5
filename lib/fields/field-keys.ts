import type { Prisma } from "@/lib/db/generated/client";
import { validationFailed } from "@/lib/validation/parse-input";

/**
 * The keys a request may name a custom field by: names, labels and aliases (former labels). Unique indexes keep
 * each kind unique in the workspace. Across kinds, a new label or name may not be another field's alias (the
 * senders still using it would silently move to the new owner); that spans two tables, so every change of a
 * field's keys takes this lock first and checks under it. A new alias is always the field's own label being
 * replaced, already unique among labels and aliases. FOR NO KEY UPDATE, not FOR UPDATE: it neither waits for
 * nor holds up ingest, whose inserts take only key-share locks on the workspace row.
 */
export async function lockFieldKeys(tx: Prisma.TransactionClient, workspaceId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM workspaces WHERE id = ${workspaceId}::uuid FOR NO KEY UPDATE`;
}

/** The field (other than `exceptFieldId`) that has the folded `key` as an alias, if any. */
export async function aliasOwner(tx: Prisma.TransactionClient, workspaceId: string, key: string, exceptFieldId?: string) {
  const alias = await tx.customFieldAlias.findFirst({
    where: { workspaceId, labelKey: key, ...(exceptFieldId && { fieldId: { not: exceptFieldId } }) },
    select: { label: true, field: { select: { label: true, name: true } } },
  });
  return alias ?? undefined;
}

/** Refuses a new label or name that is another field's former label: the senders still using it would silently move to this field. */
export async function refuseAliasCollision(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  keys: { label?: string; name?: string },
  exceptFieldId?: string,
): Promise<void> {
  const issues = [];
  for (const [field, key] of Object.entries(keys)) {
    if (key === undefined) continue;
    const owner = await aliasOwner(tx, workspaceId, key, exceptFieldId);
    if (owner) {
      issues.push({
        field,
        code: "taken",
        message: `is a former label of the field “${owner.field.label}” (${owner.field.name}), which senders may still use; remove that alias from the field first`,
      });
    }
  }
  if (issues.length > 0) throw validationFailed("custom field", issues);
}
