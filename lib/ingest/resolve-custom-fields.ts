import type { FieldIssue } from "@/lib/errors";
import { coerceFieldValue, type FieldValue } from "@/lib/fields/coerce-field-value";
import type { CustomFieldDefinition } from "@/lib/fields/custom-field";
import { safeKey } from "@/lib/leads/lead-input";
import { labelKey } from "@/lib/normalise/label-key";

/** A workspace's custom fields, indexed the four ways a request may name them. */
export interface FieldIndex {
  byId: ReadonlyMap<string, CustomFieldDefinition>;
  byName: ReadonlyMap<string, CustomFieldDefinition>;
  byLabel: ReadonlyMap<string, CustomFieldDefinition>;
  /** Former labels, kept when a label is renamed so that senders using the old one lose nothing. */
  byAlias: ReadonlyMap<string, CustomFieldDefinition>;
}

export function indexFields(fields: readonly CustomFieldDefinition[]): FieldIndex {
  return {
    byId: new Map(fields.map((field) => [field.id, field])),
    byName: new Map(fields.map((field) => [field.name, field])),
    byLabel: new Map(fields.map((field) => [field.labelKey, field])),
    byAlias: new Map(fields.flatMap((field) => field.aliasKeys.map((key) => [key, field] as const))),
  };
}

/** A request key to a field: by id, then name, then label, then former label (both case- and accent-insensitive). */
export function findField(index: FieldIndex, key: string): CustomFieldDefinition | undefined {
  const folded = labelKey(key);
  return index.byId.get(key.toLowerCase()) ?? index.byName.get(key) ?? index.byLabel.get(folded) ?? index.byAlias.get(folded);
}

export interface ResolvedCustomFields {
  /** Values keyed by custom field id, as the lead stores them. */
  values: Record<string, FieldValue>;
  errors: FieldIssue[];
  warnings: FieldIssue[];
}

/**
 * The request's customFields checked against the workspace's definitions (specification 2.4):
 * a key that names no field is ignored, with a warning; a value that does not fit its field's type is an error.
 */
export function resolveCustomFields(sent: Record<string, unknown>, index: FieldIndex): ResolvedCustomFields {
  const resolved: ResolvedCustomFields = { values: {}, errors: [], warnings: [] };
  const seen = new Set<string>();
  for (const [key, raw] of Object.entries(sent)) {
    const path = `customFields.${safeKey(key)}`;
    const field = findField(index, key);
    if (!field) {
      resolved.warnings.push({
        field: path,
        code: "unknown_custom_field",
        message: "matches no custom field of the workspace; ignored",
      });
      continue;
    }
    if (field.archived) {
      resolved.warnings.push({
        field: path,
        code: "archived_custom_field",
        message: `field "${field.name}" is archived; ignored`,
      });
      continue;
    }
    if (seen.has(field.id)) {
      resolved.warnings.push({
        field: path,
        code: "duplicate_custom_field",
        message: `field "${field.name}" was already given by another key; ignored`,
      });
      continue;
    }
    seen.add(field.id);
    const value = coerceFieldValue(field, raw);
    if (!value.ok) resolved.errors.push({ field: path, code: value.code, message: value.message });
    else if (value.value !== undefined) resolved.values[field.id] = value.value;
  }
  return resolved;
}
