import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import type { FieldIssue } from "@/lib/errors";
import { labelKey } from "@/lib/normalise/label-key";
import { toFieldIssues, validationFailed } from "@/lib/validation/parse-input";
import { type CustomFieldDefinition, CustomFieldInput, FIELD_TYPES, toDefinition } from "./custom-field";
import { FIELD_UNIQUE_CONSTRAINTS, fieldTaken } from "./field-errors";
import { lockFieldKeys, refuseAliasCollision } from "./field-keys";

/** What callers send; CustomFieldInput checks it (type defaults to text, options only for select). */
export interface NewCustomField {
  name: string;
  label: string;
  type?: string;
  options?: string[];
}

const TYPE_RULE = `must be one of ${FIELD_TYPES.join(", ")}`;

/**
 * CustomFieldInput, plus what its discriminated union cannot say usefully: it reports an unknown type
 * as "Invalid input" without checking the other fields, and silently drops options given to a type that has none.
 */
function parseField(input: NewCustomField): CustomFieldInput {
  const issues: FieldIssue[] = [];
  const knownType = !input.type || (FIELD_TYPES as readonly string[]).includes(input.type);
  if (!knownType) issues.push({ field: "type", code: "invalid_value", message: TYPE_RULE });
  if (input.type !== "select" && input.options && input.options.length > 0) {
    issues.push({ field: "options", code: "not_allowed", message: "are only allowed for select fields" });
  }
  const parsed = CustomFieldInput.safeParse(knownType ? input : { ...input, type: "text" });
  if (parsed.success && issues.length === 0) return parsed.data;
  throw validationFailed("custom field", [...issues, ...(parsed.success ? [] : toFieldIssues(parsed.error))]);
}

/**
 * Creates a custom field in the workspace. Name and label are unique in the workspace, archived fields included,
 * and neither may be another field's former label (alias). With an `actor`, audited in the same transaction.
 */
export async function createField(
  workspaceId: string,
  input: NewCustomField,
  actor?: AuditActor,
): Promise<CustomFieldDefinition> {
  const field = parseField(input);
  const { prisma } = await getDatabase();
  const key = labelKey(field.label);
  const row = await prisma
    .$transaction(async (tx) => {
      await lockFieldKeys(tx, workspaceId);
      await refuseAliasCollision(tx, workspaceId, { label: key, name: labelKey(field.name) });
      const created = await tx.customField.create({
        data: {
          workspaceId,
          name: field.name,
          label: field.label,
          labelKey: key,
          type: field.type,
          options: field.type === "select" ? field.options : [],
        },
      });
      if (actor) {
        const event = { workspaceId, action: "field.created", targetType: "custom_field", targetId: created.id } as const;
        await recordAudit(actor, { ...event, details: { name: created.name, label: created.label, type: created.type } }, tx);
      }
      return created;
    })
    .catch((error: unknown) => {
      // The unique indexes decide between names and labels, not a prior look-up: two admins creating the same field at once cannot both win.
      const taken = FIELD_UNIQUE_CONSTRAINTS.get(uniqueViolation(error) ?? "");
      throw taken ? fieldTaken(taken) : error;
    });
  // Ingest resolves request keys against the workspace's fields, which the link cache holds.
  await invalidateCaptureLinks(workspaceId);
  return toDefinition(row);
}
