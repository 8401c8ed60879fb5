import { escapeHtml } from "./escape-html";
import type { MailContent } from "./send-mail";

/** A block of an email: a paragraph, a list of label/value rows, or a button-like link. */
export type EmailBlock =
  | { paragraph: string }
  | { rows: [string, string][] }
  | { link: string; label: string }
  | { heading: string };

/**
 * Builds the text and HTML parts of one email from the same blocks, so both say the same thing; every value
 * is escaped in the HTML part (a lead's name can be `<script>`). `lang` is the reader's language, on the
 * HTML's root (screen readers and translators read it).
 */
export function layoutEmail(
  subject: string,
  blocks: EmailBlock[],
  { lang, replyTo }: { lang: string; replyTo?: string },
): MailContent {
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    if ("paragraph" in block) {
      text.push(block.paragraph, "");
      html.push(`<p style="margin:0 0 16px">${escapeHtml(block.paragraph)}</p>`);
    } else if ("heading" in block) {
      text.push(block.heading, "-".repeat(Math.min(block.heading.length, 60)));
      html.push(`<h2 style="margin:24px 0 8px;font-size:16px">${escapeHtml(block.heading)}</h2>`);
    } else if ("rows" in block) {
      for (const [label, value] of block.rows) text.push(`${label}: ${value}`);
      text.push("");
      html.push(
        `<table cellpadding="4" style="border-collapse:collapse;margin:0 0 16px">${block.rows
          .map(
            ([label, value]) =>
              `<tr><th align="left" style="color:#64748b;font-weight:normal;padding-right:12px;vertical-align:top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
          )
          .join("")}</table>`,
      );
    } else {
      text.push(`${block.label}: ${block.link}`, "");
      html.push(
        `<p style="margin:0 0 16px"><a href="${escapeHtml(block.link)}" style="color:#4338ca">${escapeHtml(block.label)}</a></p>`,
      );
    }
  }
  return {
    subject,
    text: `${text.join("\n").trimEnd()}\n`,
    html: `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;font-size:14px;color:#0f172a">${html.join("")}</body></html>`,
    ...(replyTo && { replyTo }),
  };
}
