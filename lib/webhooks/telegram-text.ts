import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";
import { formatPhone } from "@/lib/phone/format-phone";
import { eventTitle, leadPageUrl, type MessageContent } from "./build-message";
import { changeLines } from "./change-lines";

/** What a Telegram message is made of: an event's content, and whether it is the "Send test event" sample. */
export type TelegramContent = MessageContent & { test?: boolean };

/** Telegram's HTML parse mode treats these as markup; every value is escaped (the Bot API's "HTML style"). */
export function escapeTelegramHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/**
 * The text of a Telegram message (parse_mode HTML) for an event, in the workspace's language (DESIGN.md
 * section 13): who the lead is, how to reach them, where they came from and a link to their page.
 */
export function telegramText(content: TelegramContent, language: Locale): string {
  const t = createTranslator({ locale: language, messages: messagesFor(language), namespace: "channels" });
  const html = escapeTelegramHtml;
  const lines: string[] = [];
  if (content.type === "lead.erased") return t("leadErased", { id: html(content.leadId ?? "") });
  if (content.type === "submission.rejected") {
    return t("submissionRejected", {
      link: html(content.linkName ?? t("aLink")),
      code: html(String(content.submission?.code ?? "")),
    });
  }
  const lead = content.lead;
  if (!lead) return "";
  const name = html(lead.name ?? lead.email ?? (lead.telephone ? formatPhone(lead.telephone) : t("unnamed")));
  const title = content.test ? "testEvent" : eventTitle(content.type);
  lines.push(`<b>${t(title, { name })}</b>`);
  if (lead.email) lines.push(t("email", { value: html(lead.email) }));
  if (lead.telephone) lines.push(t("phone", { value: html(formatPhone(lead.telephone)) }));
  if (content.linkName) lines.push(t("link", { value: html(content.linkName) }));
  for (const line of changeLines(content.changes ?? [], language, content.people ?? {})) lines.push(html(line));
  const utm = Object.entries(lead.lastTouch)
    .filter(([, value]) => value)
    .map(([key, value]) => `${key.replace(/^utm/, "utm_").toLowerCase()}=${html(String(value))}`);
  if (utm.length > 0) lines.push(t("utm", { value: utm.join(", ") }));
  lines.push(`<a href="${html(leadPageUrl(content.workspaceSlug, lead.id))}">${html(t("openLead"))}</a>`);
  return lines.join("\n");
}
