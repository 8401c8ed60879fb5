import type { z } from "zod";
import type { NewCustomField } from "./create-field";
import type { CustomFieldUpdate } from "./custom-field";

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Options are typed one per line (an option may contain commas). */
function lines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

export function readFieldForm(form: FormData): NewCustomField {
  const type = text(form, "type");
  return {
    name: text(form, "name"),
    label: text(form, "label"),
    type: type || undefined,
    // The options box stays in the page (hidden) when another type is chosen; its text means nothing then.
    options: type === "select" ? lines(text(form, "options")) : [],
  };
}

export function readFieldUpdateForm(form: FormData): z.input<typeof CustomFieldUpdate> {
  return {
    label: text(form, "label"),
    ...(form.has("options") && { options: lines(text(form, "options")) }),
  };
}
