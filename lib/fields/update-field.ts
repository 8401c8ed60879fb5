import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { invalidateCaptureLinks } from "@/lib/ingest/link-cache";
import { parseInput, validationFailed } from "@/lib/validation/parse-input";
import { type CustomFieldDefinition, CustomFieldUpdate, toDefinition } from "./custom-field";
import { FIELD_UNIQUE_CONSTRAINTS, fieldNotFound, fieldTaken } from "./field-errors";
import { labelKey } from "./label-key";
import { customFieldSelect } from "./list-fields";

/** A field id as typed: lower-cased, or undefined when it cannot be a UUID (so no field has it). */
export function fieldId(value: string): string | undefined {
  const id = value.trim().toLowerCase();
  return z.guid().safeParse(id).success ? id : undefined;
}

/**
 * Changes a field's label and, for a select field, its options. The name and the type stay: senders and
 * stored leads depend on them. Values already stored under an option that is removed are kept as they are.
 */
export async function updateField(workspaceId: string, id: string, input: z.input<typeof CustomFieldUpdate>): Promise<CustomFieldDefinition> {
  const update = parseInput(CustomFieldUpdate, input, "custom field");
  const where = { id: fieldId(id) ?? "", workspaceId };
  if (!where.id) throw fieldNotFound(id);
  const { prisma } = await getDatabase();

  const current = await prisma.customField.findFirst({ where, select: { type: true } });
  if (!current) throw fieldNotFound(id);
  if (update.options !== undefined) {
    if (current.type !== "select") {
      throw validationFailed("custom field", [{ field: "options", code: "not_allowed", message: "are only allowed for select fields" }]);
    }
    if (update.options.length === 0) {
      throw validationFailed("custom field", [{ field: "options", code: "required", message: "a select field needs at least one option" }]);
    }
  }

  const data = {
    ...(update.label !== undefined && { label: update.label, labelKey: labelKey(update.label) }),
    ...(update.options !== undefined && { options: update.options }),
  };
  // The workspace is in the write itself; the unique index on (workspace, label_key) settles a label taken meanwhile.
  const { count } = await prisma.customField.updateMany({ where, data }).catch((error: unknown) => {
    const taken = FIELD_UNIQUE_CONSTRAINTS.get(uniqueViolation(error) ?? "");
    throw taken ? fieldTaken(taken) : error;
  });
  if (count === 0) throw fieldNotFound(id);
  await invalidateCaptureLinks(workspaceId);
  const row = await prisma.customField.findFirst({ where, select: customFieldSelect });
  if (!row) throw fieldNotFound(id);
  return toDefinition(row);
}
