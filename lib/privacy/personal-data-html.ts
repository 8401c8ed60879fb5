import { createTranslator } from "use-intl/core";
import type { Prisma } from "@/lib/db/generated/client";
import { createFormatters } from "@/lib/i18n/formatters";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";
import { ADDRESS_KEYS } from "@/lib/leads/lead-keys";
import { type Html, html } from "./html-text";
import type { PersonalDataDocument } from "./personal-data";
import type { PersonalDataFacts } from "./personal-data-facts";

const LEAD_FIELDS = ["name", "email", "telephone", "document", "profession", "birthday", "city", "state"] as const;
const UTM_KEYS = ["utmSource", "utmMedium", "utmCampaign", "utmContent", "utmTerm"] as const;
const UTM_WORDS = {
  utmSource: "source",
  utmMedium: "medium",
  utmCampaign: "campaign",
  utmContent: "content",
  utmTerm: "term",
} as const;
/** The payload keys a sender may name a submission's campaign with (lib/ingest/utm.ts reads both spellings). */
const PAYLOAD_UTM = [
  ["utmSource", "utm_source"],
  ["utmMedium", "utm_medium"],
  ["utmCampaign", "utm_campaign"],
  ["utmContent", "utm_content"],
  ["utmTerm", "utm_term"],
] as const;

// Printed on paper or saved as PDF: system fonts, no colour that matters, tables that do not split a row.
const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; background: #f8fafc; }
main { max-width: 52rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; background: #fff; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; padding-bottom: .25rem; border-bottom: 2px solid #cbd5e1; }
h3 { font-size: 1rem; margin: 1.25rem 0 .5rem; }
p { margin: .5rem 0; }
.muted { color: #475569; }
table { width: 100%; border-collapse: collapse; margin: .5rem 0 1rem; table-layout: fixed; }
th, td { text-align: left; vertical-align: top; padding: .4rem .5rem; border: 1px solid #cbd5e1; overflow-wrap: anywhere; }
th { width: 34%; background: #f1f5f9; font-weight: 600; }
tr { break-inside: avoid; }
section { break-inside: auto; }
blockquote { margin: .25rem 0; padding: .25rem .75rem; border-left: 3px solid #64748b; white-space: pre-wrap; }
pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font-size: .85rem; }
ul { padding-left: 1.25rem; }
@media (min-width: 48rem) { main { padding: 2.5rem 3rem 4rem; margin: 1.5rem auto; border-radius: .5rem; box-shadow: 0 1px 3px #0002; } }
@media print {
  body { background: #fff; font-size: 11pt; }
  main { max-width: none; margin: 0; padding: 0; box-shadow: none; }
  .print-hint { display: none; }
  h2 { break-after: avoid; }
  a { color: inherit; text-decoration: none; }
}
@page { margin: 18mm 16mm; }
`;

function isUtmRecord(value: Prisma.JsonValue): value is Record<string, Prisma.JsonValue> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The personal-data statement (LGPD art. 19, DESIGN.md section 13) as one HTML page in `language`, times in
 * `timeZone`: who holds the data, every field, where and when each submission came from, consents given and
 * withdrawn with their text, to whom it was sent, and how long each kind is kept. Self-contained (inline
 * style, no script), so it can be saved, mailed or printed as it is.
 */
export function renderPersonalDataHtml(
  document: PersonalDataDocument,
  facts: PersonalDataFacts,
  options: { language: Locale; timeZone: string },
): string {
  const messages = messagesFor(options.language);
  const t = createTranslator({ locale: options.language, messages, namespace: "personalData" });
  const format = createFormatters({ locale: options.language === "en" ? "en-US" : options.language, timeZone: options.timeZone });
  const contact = facts.contact ?? t("noContact");
  const leadNumbers = new Map(document.leads.map((lead, index) => [lead.id, index + 1]));
  const fieldWords = messages.lead.fields;
  const addressWords = messages.lead.address;

  function value(raw: Prisma.JsonValue | undefined, type?: string): string {
    if (raw === null || raw === undefined) return "";
    if (typeof raw === "boolean") return raw ? t("yes") : t("no");
    if (typeof raw === "number") return format.number(raw, { maximumFractionDigits: 20 });
    if (typeof raw === "string")
      return type === "date" && /^\d{4}-\d{2}-\d{2}$/.test(raw)
        ? format.day(raw, { year: "numeric", month: "2-digit", day: "2-digit" })
        : raw;
    return JSON.stringify(raw);
  }

  function row(label: string, content: Html | string): Html {
    return html`<tr><th scope="row">${label}</th><td>${content}</td></tr>`;
  }

  function utmText(
    touch: Record<string, Prisma.JsonValue | null | undefined>,
    keys: readonly (readonly [string, ...string[]])[],
  ): string {
    return keys
      .map(([key, ...aliases]) => {
        const found = [key, ...aliases].map((name) => touch[name]).find((entry) => typeof entry === "string" && entry !== "");
        return found ? `${messages.lead.touch[UTM_WORDS[key as keyof typeof UTM_WORDS]]}: ${found}` : "";
      })
      .filter(Boolean)
      .join(" · ");
  }

  const leadsSection = document.leads.length
    ? document.leads.map((lead) => {
        const number = leadNumbers.get(lead.id)!;
        if (lead.erasedAt) return html`<p>${t("erasedRecord", { number, time: format.dateTime(lead.erasedAt) })}</p>`;
        const rows: Html[] = [];
        for (const key of LEAD_FIELDS) {
          const raw = lead[key];
          if (raw === null) continue;
          const text = key === "telephone" ? format.phone(raw) : key === "birthday" ? value(raw, "date") : raw;
          rows.push(row(fieldWords[key], text));
        }
        if (lead.instagram) rows.push(row("Instagram", lead.instagram));
        for (const key of ADDRESS_KEYS) {
          const raw = lead.address[key];
          if (raw !== undefined && raw !== null && raw !== "") rows.push(row(addressWords[key], value(raw)));
        }
        for (const [name, raw] of Object.entries(lead.customFields)) {
          const field = facts.fields.get(name);
          rows.push(row(field?.label ?? name, value(raw, field?.type)));
        }
        rows.push(row(t("status"), messages.workflow.status[lead.status]));
        if (lead.tags.length) rows.push(row(t("tags"), lead.tags.join(", ")));
        const first = utmText(
          lead.firstTouch as unknown as Record<string, string | null>,
          UTM_KEYS.map((key) => [key] as const),
        );
        const last = utmText(
          lead.lastTouch as unknown as Record<string, string | null>,
          UTM_KEYS.map((key) => [key] as const),
        );
        if (first) rows.push(row(t("firstTouch"), first));
        if (last) rows.push(row(t("lastTouch"), last));
        return html`<h3>${t("record", { number, time: format.dateTime(lead.createdAt) })}</h3>
<table><thead><tr><th scope="col">${t("field")}</th><th scope="col">${t("value")}</th></tr></thead><tbody>${rows}</tbody></table>`;
      })
    : html`<p>${t("noData")}</p>`;

  const sourcesSection = document.submissions.length
    ? document.submissions.map((submission) => {
        const payload = isUtmRecord(submission.payload) ? submission.payload : {};
        const utm = utmText(payload, PAYLOAD_UTM);
        const page = submission.referer ?? submission.origin;
        const device = [submission.ip, submission.userAgent].filter(Boolean).join(" · ");
        return html`<h3>${format.dateTime(submission.receivedAt)}</h3>
<table><tbody>
${row(t("link"), facts.links.get(submission.captureLinkId) ?? t("deletedLink"))}
${row(t("outcome"), t(`outcomes.${submission.outcome as "created" | "updated" | "rejected" | "spam"}`))}
${page ? row(t("page"), page) : ""}
${utm ? row(t("utm"), utm) : ""}
${device ? row(t("device"), device) : ""}
${submission.payload !== null ? row(t("sentData"), html`<pre>${JSON.stringify(submission.payload, null, 2)}</pre>`) : ""}
</tbody></table>`;
      })
    : html`<p>${t("noSources")}</p>`;

  const basis = (name: string) =>
    name in messages.personalData.bases ? t(`bases.${name as keyof typeof messages.personalData.bases}`) : name;
  const consentSection = document.consentRecords.length
    ? document.consentRecords.map(
        (
          record,
        ) => html`<h3>${format.dateTime(record.createdAt)}: ${record.granted ? t("consentGiven") : t("consentWithdrawn")}</h3>
<table><tbody>
${row(t("consentText"), record.text ? html`<blockquote>${record.text}</blockquote>` : t("noText"))}
${record.version ? row(t("version"), record.version) : ""}
${row(t("legalBasis"), basis(record.legalBasis))}
${row(t("purposes"), record.purposes.length ? record.purposes.join(", ") : t("general"))}
${record.referer || record.origin ? row(t("page"), record.referer ?? record.origin ?? "") : ""}
</tbody></table>`,
      )
    : html`<p>${t("noConsent")}</p>`;

  const byEndpoint = new Map<string, { events: Set<string>; count: number; last: string }>();
  for (const delivery of document.deliveries) {
    const entry = byEndpoint.get(delivery.endpointId) ?? { events: new Set(), count: 0, last: delivery.createdAt };
    entry.events.add(delivery.type);
    entry.count += 1;
    if (delivery.createdAt > entry.last) entry.last = delivery.createdAt;
    byEndpoint.set(delivery.endpointId, entry);
  }
  const kind = (name: string) =>
    name in messages.personalData.kinds ? t(`kinds.${name as keyof typeof messages.personalData.kinds}`) : name;
  const endpointRows = [...byEndpoint].map(([id, entry]) => {
    const endpoint = facts.endpoints.get(id);
    const name = [endpoint ? kind(endpoint.kind) : kind("webhook"), endpoint?.description ?? endpoint?.host]
      .filter(Boolean)
      .join(": ");
    return row(
      name,
      html`${[...entry.events].join(", ")}<br><span class="muted">${t("times", { count: entry.count, time: format.dateTime(entry.last) })}</span>`,
    );
  });
  const emailKind = (name: string) => t(`emailKinds.${name === "new_lead" || name === "digest" ? name : "other"}`);
  const emailRows = facts.emails.map((email) =>
    row(
      t("emailTo", { role: t(`roles.${email.role}`) }),
      html`${emailKind(email.kind)}<br><span class="muted">${t("times", { count: email.count, time: format.dateTime(email.last) })}</span>`,
    ),
  );
  const sharingSection =
    endpointRows.length || emailRows.length
      ? html`${endpointRows.length ? html`<table><thead><tr><th scope="col">${t("endpoint")}</th><th scope="col">${t("events")}</th></tr></thead><tbody>${endpointRows}</tbody></table>` : ""}
${emailRows.length ? html`<h3>${t("emailTitle")}</h3><table><tbody>${emailRows}</tbody></table>` : ""}`
      : html`<p>${t("noSharing")}</p>`;

  const { retention } = facts;
  const workspace = facts.workspace.name;
  return html`<!doctype html>
<html lang="${options.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t("title")} · ${workspace}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${t("title")}</h1>
<p>${t("intro", { workspace })}</p>
<p class="muted">${t("generated", { time: format.dateTime(document.generatedAt) })}</p>
<p class="muted print-hint">${t("print")}</p>
<section aria-labelledby="controller"><h2 id="controller">${t("controllerTitle")}</h2>
<table><tbody>${row(t("controller"), workspace)}${row(t("contact"), contact)}</tbody></table></section>
<section aria-labelledby="data"><h2 id="data">${t("dataTitle")}</h2>${leadsSection}</section>
<section aria-labelledby="sources"><h2 id="sources">${t("sourcesTitle")}</h2>${sourcesSection}</section>
<section aria-labelledby="consent"><h2 id="consent">${t("consentTitle")}</h2>${consentSection}</section>
<section aria-labelledby="sharing"><h2 id="sharing">${t("sharingTitle")}</h2>${sharingSection}</section>
<section aria-labelledby="retention"><h2 id="retention">${t("retentionTitle")}</h2>
<ul><li>${t("retentionLead")}</li><li>${t("retentionRequestMeta", { count: retention.requestMetaDays })}</li><li>${t("retentionRejected", { count: retention.rejectedPayloadDays })}</li><li>${t("retentionAttempts", { count: retention.webhookAttemptDays })}</li></ul></section>
<section aria-labelledby="rights"><h2 id="rights">${t("rightsTitle")}</h2><p>${t("rights", { workspace, contact })}</p></section>
</main>
</body>
</html>
`.text;
}
