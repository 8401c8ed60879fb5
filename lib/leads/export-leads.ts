import { stringify } from "csv-stringify/sync";
import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { ADDRESS_KEYS } from "@/lib/leads/lead-keys";
import { phoneE164 } from "@/lib/phone/format-phone";
import { DEFAULT_TIME_ZONE, dayIn, requireTimeZone } from "@/lib/time/time-zone";
import { parseInput } from "@/lib/validation/parse-input";
import { neutraliseFormula } from "./csv-cell";
import { LeadFilter, type LeadFilterInput } from "./lead-filter";
import { cursorAt, LEAD_SORT_KEY_COLUMNS, type LeadSortKeys } from "./lead-order";
import { driverArrayRunner, selectLeadRows } from "./select-lead-rows";

/** Rows per query: measured at 1M leads, 500 keeps the heap flattest (2,000: +230 MB of garbage; 500: +80 MB) at the same speed. */
const BATCH_SIZE = 500;

const UTM_PARTS = ["source", "medium", "campaign", "content", "term"] as const;

const STANDARD_COLUMNS: [header: string, column: string][] = [
  ["id", "l.id"],
  ["name", "l.name"],
  ["email", "l.email"],
  ["telephone", "l.phone"],
  ["document", "l.document"],
  ["profession", "l.profession"],
  ["city", "l.city"],
  ["state", "l.state"],
  ["instagram", "l.instagram"],
  ["birthday", "to_char(l.birthday, 'YYYY-MM-DD')"],
  ...ADDRESS_KEYS.map((key): [string, string] => [`address_${key}`, `l.address ->> '${key}'`]),
  // Filled in from the workspace's links (see below): a join could reorder the walked rows.
  ["capture_link", "l.capture_link_id::text"],
  ...UTM_PARTS.map((part): [string, string] => [`first_utm_${part}`, `l.first_utm_${part}`]),
  ...UTM_PARTS.map((part): [string, string] => [`last_utm_${part}`, `l.last_utm_${part}`]),
  // Workflow (DESIGN.md section 10): the owner's email is filled in from the workspace's members, like links.
  ["status", "l.status::text"],
  ["owner", "l.owner_id::text"],
  ["tags", "array_to_string(l.tags, ', ')"],
  ["created_at", `to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`],
  ["updated_at", `to_char(l.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`],
];

const SELECT_STANDARD = Prisma.raw(STANDARD_COLUMNS.map(([, column], index) => `${column} AS c${index}`).join(", "));

// Read as arrays (driverArrayRunner): the sort keys (LEAD_SORT_KEY_COLUMNS' order), custom fields, then the CSV columns.
const EXPORT_COLUMNS = Prisma.sql`${LEAD_SORT_KEY_COLUMNS}, l.custom_fields AS "customFields", ${SELECT_STANDARD}`;
const FIRST_CSV_COLUMN = 6;

function sortKeysOf(row: unknown[]): LeadSortKeys {
  const [createdAt, updatedAt, id, nameKey, unnamed] = row as [Date | string, Date | string, string, string, boolean];
  return { createdAt: new Date(createdAt), updatedAt: new Date(updatedAt), id, nameKey, unnamed };
}
const CAPTURE_LINK_COLUMN = STANDARD_COLUMNS.findIndex(([name]) => name === "capture_link");
const TELEPHONE_COLUMN = STANDARD_COLUMNS.findIndex(([name]) => name === "telephone");
const OWNER_COLUMN = STANDARD_COLUMNS.findIndex(([name]) => name === "owner");

/**
 * "excel": for spreadsheets opened by double-click. A UTF-8 byte order mark (without it Excel reads the
 * file as the system's legacy code page and mangles "São Paulo"), and the list separator Excel expects in the
 * viewer's language: ";" where the decimal separator is a comma (pt-BR, most of Europe), "," elsewhere.
 */
export type CsvFlavour = "plain" | "excel";

/** The separator Excel uses for a language: ";" when the language writes 1,5 for one and a half. */
export function excelSeparator(locale: string): "," | ";" {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value;
  return decimal === "," ? ";" : ",";
}

/**
 * The phone column carries E.164 ("+5511987654321"), not the "+55 11 98765-4321" people read on screen: a CSV
 * is mostly imported by tools (CRMs, messaging APIs, mail merges), which want one unambiguous form. Stored
 * phones are digits only, so the leading "+" cannot start a formula and is left as it is.
 */
function phoneCell(value: string | null): string {
  return value && /^\d+$/.test(value) ? phoneE164(value) : cell(value);
}

function cell(value: Prisma.JsonValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return neutraliseFormula(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return neutraliseFormula(JSON.stringify(value));
}

export interface LeadExport {
  /** For Content-Disposition. */
  filename: string;
  /** The CSV, header row first, produced batch by batch as it is read. */
  chunks: AsyncGenerator<string>;
}

/**
 * The workspace's leads matching `filter` as CSV, in the filter's sort: standard fields, first and last
 * touch UTM, then custom fields by label. Rows are read in keyset batches and yielded one batch at a time,
 * so memory stays flat however many leads there are. The filter is validated before anything is read.
 */
export async function exportLeads(
  workspaceId: string,
  filterInput: LeadFilterInput,
  options: { batchSize?: number; timeZone?: string; flavour?: CsvFlavour; locale?: string } = {},
): Promise<LeadExport> {
  const filter = parseInput(LeadFilter, filterInput, "lead filter");
  const timeZone = requireTimeZone(options.timeZone ?? DEFAULT_TIME_ZONE);
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const excel = options.flavour === "excel";
  const delimiter = excel ? excelSeparator(options.locale ?? "en-US") : ",";
  const { prisma } = await getDatabase();
  const owners = new Map(
    (await prisma.membership.findMany({ where: { workspaceId }, select: { user: { select: { id: true, email: true } } } })).map(
      ({ user }) => [user.id, user.email],
    ),
  );
  const links = new Map(
    (await prisma.captureLink.findMany({ where: { workspaceId }, select: { id: true, name: true } })).map((link) => [
      link.id,
      link.name,
    ]),
  );
  const fields = await prisma.customField.findMany({
    where: { workspaceId },
    select: { id: true, label: true, archivedAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const header = [
    ...STANDARD_COLUMNS.map(([name]) => name),
    ...fields.map((field) => (field.archivedAt ? `${field.label} (archived)` : field.label)),
  ];

  function toCsv(rows: unknown[][]): string {
    const records = rows.map((row) => {
      const stored = row[FIRST_CSV_COLUMN - 1] as Prisma.JsonValue;
      const custom = stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
      return [
        ...STANDARD_COLUMNS.map((_, index) => {
          const value = row[FIRST_CSV_COLUMN + index] as string | null;
          if (index === TELEPHONE_COLUMN) return phoneCell(value);
          if (index === OWNER_COLUMN) return cell(value ? (owners.get(value) ?? "") : null);
          return cell(index === CAPTURE_LINK_COLUMN && value ? (links.get(value) ?? "") : value);
        }),
        ...fields.map((field) => cell((custom as Record<string, Prisma.JsonValue>)[field.id])),
      ];
    });
    return stringify(records, { delimiter });
  }

  async function* chunks(): AsyncGenerator<string> {
    yield (excel ? "\uFEFF" : "") + stringify([header.map(neutraliseFormula)], { delimiter });
    const runner = await driverArrayRunner();
    let after: LeadSortKeys | undefined;
    for (;;) {
      const rows = await selectLeadRows(
        {
          columns: EXPORT_COLUMNS,
          workspaceId,
          filter,
          timeZone,
          cursor: after ? cursorAt(after, filter.sort, "next") : undefined,
          limit: batchSize,
        },
        runner,
      );
      if (rows.length === 0) return;
      // Made in a function, so that the batch's rows are garbage by the time the consumer takes the text:
      // nothing of a batch outlives it (measured: what lingers gets promoted and grows the heap).
      const text = toCsv(rows);
      const last = sortKeysOf(rows.at(-1)!);
      const full = rows.length === batchSize;
      rows.length = 0;
      yield text;
      if (!full) return;
      after = last;
    }
  }

  const day = dayIn(timeZone);
  return { filename: `leads-${day}.csv`, chunks: chunks() };
}
