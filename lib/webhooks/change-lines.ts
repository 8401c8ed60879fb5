import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";
import type { LeadChange } from "./build-message";

function list(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(", ") : "";
}

/**
 * What a person changed, one line each, in the reader's language (DESIGN.md section 13): "Status: Novo →
 * Contatado", the owner by name, the tags before and after, "Nota adicionada" (a note's text never leaves).
 * `people` names the users the changes refer to by id; one no longer known shows as "someone".
 */
export function changeLines(
  changes: readonly LeadChange[],
  language: Locale,
  people: Readonly<Record<string, string>>,
): string[] {
  const messages = messagesFor(language);
  const t = createTranslator({ locale: language, messages, namespace: "channels" });
  const status = createTranslator({ locale: language, messages, namespace: "workflow.status" });
  const statusLabel = (value: unknown) => (typeof value === "string" ? status(value as "new") : t("nobody"));
  const person = (value: unknown) => (typeof value === "string" ? (people[value] ?? t("someone")) : t("nobody"));
  return changes.map((change) => {
    switch (change.field) {
      case "status":
        return t("changedStatus", { from: statusLabel(change.from), to: statusLabel(change.to) });
      case "owner":
        return t("changedOwner", { from: person(change.from), to: person(change.to) });
      case "tags":
        return t("changedTags", { from: list(change.from) || t("noTags"), to: list(change.to) || t("noTags") });
      case "note":
        return t("noteAdded");
      default:
        return t("changedField", { field: change.field });
    }
  });
}

/** The user ids a batch of changes refers to (owners before and after), to name them. */
export function peopleIn(changes: readonly LeadChange[] | undefined): string[] {
  return (changes ?? []).flatMap((change) =>
    change.field === "owner" ? [change.from, change.to].filter((id): id is string => typeof id === "string") : [],
  );
}
