import type { WebhookEndpointInput, WebhookEvent } from "./endpoint-input";
import type { WebhookEndpointUpdate } from "./update-endpoint";

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function texts(form: FormData, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === "string");
}

/** The header rows of the form: `headerName` and `headerValue` side by side; a row left blank is no header. */
function headerRows(form: FormData): { name: string; value: string }[] {
  const names = texts(form, "headerName");
  const values = texts(form, "headerValue");
  return names
    .map((name, index) => ({ name, value: values[index] ?? "" }))
    .filter((row) => row.name.trim() !== "" || row.value.trim() !== "");
}

/** The endpoint form's fields as WebhookEndpointInput expects them (the schema does the validating). */
export function readEndpointForm(form: FormData): WebhookEndpointInput {
  const kind = text(form, "kind");
  return {
    kind: kind === "slack" || kind === "telegram" ? kind : "webhook",
    url: text(form, "url"),
    ...(kind === "telegram" && { botToken: text(form, "botToken"), chatId: text(form, "chatId") }),
    events: texts(form, "events") as WebhookEvent[],
    linkIds: texts(form, "linkIds"),
    headers: headerRows(form),
    description: text(form, "description"),
  };
}

/** As readEndpointForm; a saved header whose value box is left empty keeps its value (they are masked). */
export function readEndpointUpdateForm(form: FormData): WebhookEndpointUpdate {
  const { enabled: _enabled, botToken, ...input } = readEndpointForm(form);
  // The token box starts empty (the token is masked): left empty, the stored token stays.
  return {
    ...input,
    botToken: botToken || null,
    headers: input.headers?.map((row) => ({ name: row.name, value: row.value === "" ? null : row.value })),
  };
}
