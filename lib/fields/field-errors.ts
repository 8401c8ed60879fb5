import { AppError } from "@/lib/errors";
import { validationFailed } from "@/lib/validation/parse-input";

/** The unique indexes that keep names and labels unique in a workspace, archived fields included. */
export const FIELD_UNIQUE_CONSTRAINTS: ReadonlyMap<string, "name" | "label"> = new Map([
  ["custom_fields_workspace_id_name_key", "name"],
  ["custom_fields_workspace_id_label_key_key", "label"],
  ["custom_field_aliases_workspace_id_label_key_key", "label"],
]);

export function fieldTaken(field: "name" | "label"): AppError {
  const message =
    field === "name"
      ? "is already used by another field of this workspace"
      : "is already used by another field of this workspace (labels are compared ignoring case and accents)";
  return validationFailed("custom field", [{ field, code: "taken", message }]);
}

export function fieldNotFound(id: string): AppError {
  return new AppError("field_not_found", `No custom field "${id.trim()}" in this workspace.`);
}
