import type { z } from "zod";
import { auditChanges } from "@/lib/audit/audit-changes";
import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { labelKey } from "@/lib/normalise/label-key";
import { parseInput, validationFailed } from "@/lib/validation/parse-input";
import { uuidOrUndefined } from "@/lib/validation/uuid";
import { type CustomFieldDefinition, CustomFieldUpdate, toDefinition } from "./custom-field";
import { FIELD_UNIQUE_CONSTRAINTS, fieldNotFound, fieldTaken } from "./field-errors";
import { lockFieldKeys, refuseAliasCollision } from "./field-keys";
import { customFieldSelect } from "./list-fields";

/** A field id as typed: lower-cased, or undefined when it cannot be a UUID (so no field has it). */
export function fieldId(value: string): string | undefined {
  return uuidOrUndefined(value);
}

/**
 * Changes a field's label and, for a select field, its options. The name and the type stay: senders and
 * stored leads depend on them. Values already stored under an option that is removed are kept as they are.
 *
 * A new label keeps the old one as an alias, so senders that still use it keep reaching the field (removable
 * on the fields page). Going back to a former label just works: that alias becomes the label again. A label
 * that is another field's alias is refused, as it would take that field's senders. With an `actor`, what
 * changed (label, options: before → after) is audited in the same transaction.
 */
export async function updateField(
  workspaceId: string,
  id: string,
  input: z.input<typeof CustomFieldUpdate>,
  actor?: AuditActor,
): Promise<CustomFieldDefinition> {
  const update = parseInput(CustomFieldUpdate, input, "custom field");
  const where = { id: fieldId(id) ?? "", workspaceId };
  if (!where.id) throw fieldNotFound(id);
  const { prisma } = await getDatabase();

  const row = await prisma
    .$transaction(async (tx) => {
      await lockFieldKeys(tx, workspaceId);
      const current = await tx.customField.findFirst({
        where,
        select: { type: true, name: true, label: true, labelKey: true, options: true },
      });
      if (!current) throw fieldNotFound(id);
      if (update.options !== undefined) {
        if (current.type !== "select") {
          throw validationFailed("custom field", [
            { field: "options", code: "not_allowed", message: "are only allowed for select fields" },
          ]);
        }
        if (update.options.length === 0) {
          throw validationFailed("custom field", [
            { field: "options", code: "required", message: "a select field needs at least one option" },
          ]);
        }
      }

      const newKey = update.label === undefined ? undefined : labelKey(update.label);
      if (newKey !== undefined && newKey !== current.labelKey) {
        await refuseAliasCollision(tx, workspaceId, { label: newKey }, where.id);
        // Back to one of its own former labels: it is the label again, no longer an alias.
        await tx.customFieldAlias.deleteMany({ where: { workspaceId, fieldId: where.id, labelKey: newKey } });
        // The label being replaced was unique among labels and aliases, so it can become an alias as it is.
        await tx.customFieldAlias.create({
          data: { workspaceId, fieldId: where.id, label: current.label, labelKey: current.labelKey },
        });
      }
      const data = {
        ...(update.label !== undefined && { label: update.label, labelKey: newKey }),
        ...(update.options !== undefined && { options: update.options }),
      };
      // The workspace is in the write itself; the unique index on (workspace, label_key) settles a label another field has.
      await tx.customField.updateMany({ where, data });
      const updated = await tx.customField.findFirstOrThrow({ where, select: customFieldSelect });
      const changes = auditChanges(current, updated, ["label", "options"]);
      if (actor && changes.length > 0) {
        const event = { workspaceId, action: "field.updated", targetType: "custom_field", targetId: where.id } as const;
        await recordAudit(actor, { ...event, details: { name: current.name, label: updated.label, changes } }, tx);
      }
      return updated;
    })
    .catch((error: unknown) => {
      const taken = FIELD_UNIQUE_CONSTRAINTS.get(uniqueViolation(error) ?? "");
      throw taken ? fieldTaken(taken) : error;
    });
  await invalidateCaptureLinks(workspaceId);
  return toDefinition(row);
}
