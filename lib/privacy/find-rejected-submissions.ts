import { type SqlExecutor, statement } from "@/lib/db/client";
import { normalisePhone } from "@/lib/normalise/phone";

/** What identifies the person in a request the log kept but linked to no lead. */
export interface PersonKeys {
  /** Lower-cased strings found as they are: the email, the document, what they sent in those fields. */
  texts: string[];
  /** Canonical phones (E.164 digits): a body may spell them any way ingest accepts. */
  phones: string[];
  /** Documents as digits (CPF, numeric CNPJ): a body may punctuate them any way. */
  documentDigits: string[];
  /** The workspace's country: a phone without its country code is read in it, as ingest does. */
  country: string;
}

/** The shortest digit run a phone keeps in any spelling: its last 8 digits (a subscriber number is never shorter). */
const PHONE_TAIL = 8;

/** Runs of digits and the punctuation people write numbers with: "+55 (11) 97531-8642", "123.456.789-09". */
const NUMBER_RUN = /\+?\d[\d\s()./-]*\d/g;

/** A text as a browser or a form would have encoded it, decoded where it can be ("%40" → "@", "+" → " "). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/**
 * Whether a request's text (body, referer, origin) holds one of the person's phones or documents, in any
 * spelling: each run of digits and punctuation is read as ingest reads a telephone (the workspace's country
 * when it has no country code) and as a document (punctuation stripped). A run that joins two numbers
 * ("11 97531-8642 31/12/1990" in free text) is tried whole and split at spaces too.
 */
function holdsNumber(texts: (string | null)[], keys: PersonKeys): boolean {
  const phones = new Set(keys.phones);
  const documents = new Set(keys.documentDigits);
  for (const text of texts) {
    if (!text) continue;
    for (const spelling of new Set([text, decoded(text)])) {
      for (const [run] of spelling.matchAll(NUMBER_RUN)) {
        for (const part of new Set([run, ...run.split(/\s+/)])) {
          const digits = part.replace(/\D/g, "");
          if (documents.has(digits)) return true;
          if (digits.length < 8 || digits.length > 15) continue;
          const phone = normalisePhone(part, keys.country);
          if (phone.ok && phone.value !== undefined && phones.has(phone.value)) return true;
        }
      }
    }
  }
  return false;
}

/**
 * The ids of the workspace's rejected and spam requests (linked to no lead) whose body, referer, origin or
 * source_data (what a lead source made of the body: a Google name joined from two columns) names the person: one of `texts` anywhere, in any case, also URL-encoded ("zebulon%40x.test", as a
 * referer's query carries an email); or a phone or document in any spelling. PostgreSQL narrows the rows
 * (submissions_rejected_workspace_idx, then a scan of that workspace's rejected rows: erasure is rare, and
 * rejected requests are a small part of a log whose bodies retention empties after 30 days); a row that
 * only holds the digits is confirmed here, by reading its numbers as ingest would.
 */
export async function findRejectedSubmissions(tx: SqlExecutor, workspaceId: string, keys: PersonKeys): Promise<string[]> {
  const texts = [...new Set(keys.texts.flatMap((text) => [text, encodeURIComponent(text).toLowerCase()]))];
  const digits = [
    ...new Set([...keys.phones.map((phone) => phone.slice(-PHONE_TAIL)), ...keys.documentDigits].filter((d) => d.length >= 8)),
  ];
  if (texts.length === 0 && digits.length === 0) return [];
  const rows = await tx.sql<{
    id: string;
    named: boolean;
    payload: string | null;
    referer: string | null;
    origin: string | null;
    source_data: string | null;
  }>(
    statement(
      `SELECT id, named, payload, referer, origin FROM (
         SELECT s.id, s.payload, s.referer, s.origin, s.source_data::text AS source_data,
           EXISTS (SELECT FROM unnest($2::text[]) AS t(value)
                   WHERE strpos(lower(concat_ws(' ', s.payload, s.referer, s.origin, s.source_data::text)), t.value) > 0) AS named,
           EXISTS (SELECT FROM unnest($3::text[]) AS d(value)
                   WHERE strpos(regexp_replace(concat_ws(' ', s.payload, s.referer, s.origin, s.source_data::text), '\\D', '', 'g'), d.value) > 0) AS numbered
         FROM submissions s
         WHERE s.workspace_id = $1::uuid AND s.outcome IN ('rejected', 'spam') AND s.lead_id IS NULL
           AND (s.payload IS NOT NULL OR s.referer IS NOT NULL OR s.origin IS NOT NULL OR s.source_data IS NOT NULL)
       ) s
       WHERE named OR numbered`,
      [workspaceId, texts, digits],
    ),
  );
  return rows
    .filter((row) => row.named || holdsNumber([row.payload, row.referer, row.origin, row.source_data], keys))
    .map((row) => row.id);
}
