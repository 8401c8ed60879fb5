import { z } from "zod";
import { FieldType } from "@/lib/db/generated/enums";
import { labelKey } from "@/lib/normalise/label-key";
import { KeyName } from "@/lib/validation/key-name";

export { FieldType };
export const FIELD_TYPES = Object.values(FieldType);

/** The key a sender uses for the field. Not a UUID, so a key never reads as both a name and an id. */
export const FieldName = KeyName;

export const FieldLabel = z.string().trim().min(1, "is required").max(100, "must be at most 100 characters");

export const FieldOptions = z
  .array(z.string().trim().min(1, "options must not be empty").max(200, "options must be at most 200 characters"))
  .max(200, "at most 200 options")
  .refine((options) => new Set(options.map(labelKey)).size === options.length, "options must be distinct");

/** A new custom field, as the admin form, the CLI and the API send it. `type` defaults to text. */
export const CustomFieldInput = z.preprocess(
  (input) =>
    input && typeof input === "object" && !("type" in input && (input as { type?: unknown }).type)
      ? { ...input, type: "text" }
      : input,
  z.discriminatedUnion("type", [
    z.object({ name: FieldName, label: FieldLabel, type: z.literal("text") }),
    z.object({ name: FieldName, label: FieldLabel, type: z.literal("number") }),
    z.object({ name: FieldName, label: FieldLabel, type: z.literal("date") }),
    z.object({ name: FieldName, label: FieldLabel, type: z.literal("boolean") }),
    z.object({
      name: FieldName,
      label: FieldLabel,
      type: z.literal("select"),
      options: FieldOptions.refine((options) => options.length > 0, "a select field needs at least one option"),
    }),
  ]),
);
export type CustomFieldInput = z.infer<typeof CustomFieldInput>;

/** Changes an admin may make to an existing field: its label, and a select field's options. */
export const CustomFieldUpdate = z.object({
  label: FieldLabel.optional(),
  options: FieldOptions.optional(),
});
export type CustomFieldUpdate = z.infer<typeof CustomFieldUpdate>;

interface FieldBase {
  id: string;
  name: string;
  label: string;
  labelKey: string;
  /** Folded former labels (lib/fields/field-keys.ts): request keys that match one still reach the field. */
  aliasKeys: string[];
  archived: boolean;
}

/** A workspace's custom field as ingest sees it: a discriminated union on `type`. */
export type CustomFieldDefinition =
  | (FieldBase & { type: Exclude<FieldType, "select"> })
  | (FieldBase & { type: "select"; options: string[] });

/** The row shape (from Prisma or raw SQL) turned into a definition. */
export function toDefinition(row: {
  id: string;
  name: string;
  label: string;
  labelKey: string;
  type: FieldType;
  options: string[] | null;
  archivedAt: Date | null;
  aliases?: { labelKey: string }[];
}): CustomFieldDefinition {
  const aliasKeys = (row.aliases ?? []).map((alias) => alias.labelKey);
  const base = {
    id: row.id,
    name: row.name,
    label: row.label,
    labelKey: row.labelKey,
    aliasKeys,
    archived: row.archivedAt !== null,
  };
  return row.type === "select" ? { ...base, type: "select", options: row.options ?? [] } : { ...base, type: row.type };
}
