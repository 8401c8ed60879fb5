import { stringify } from "csv-stringify/sync";
import type { Prisma } from "@/lib/db/generated/client";
import { phoneE164 } from "@/lib/phone/format-phone";
import { DEFAULT_TIME_ZONE, dayIn, requireTimeZone } from "@/lib/time/time-zone";
import { parseInput } from "@/lib/validation/parse-input";
import { neutraliseFormula } from "./csv-cell";
import { type ExportRow, loadExportContext, STANDARD_COLUMNS, walkExportBatches } from "./export-source";
import { LeadFilter, type LeadFilterInput } from "./lead-filter";

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
 * touch UTM, then custom fields by label. Rows are read in keyset batches and yielded one batch at a time
 * (export-source.ts), so memory stays flat however many leads there are. The filter is validated before anything is read.
 */
export async function exportLeads(
  workspaceId: string,
  filterInput: LeadFilterInput,
  options: { batchSize?: number; timeZone?: string; flavour?: CsvFlavour; locale?: string } = {},
): Promise<LeadExport> {
  const filter = parseInput(LeadFilter, filterInput, "lead filter");
  const timeZone = requireTimeZone(options.timeZone ?? DEFAULT_TIME_ZONE);
  const batchSize = options.batchSize;
  const excel = options.flavour === "excel";
  const delimiter = excel ? excelSeparator(options.locale ?? "en-US") : ",";
  const { owners, links, fields } = await loadExportContext(workspaceId);
  const header = [
    ...STANDARD_COLUMNS.map(([name]) => name),
    ...fields.map((field) => (field.archived ? `${field.label} (archived)` : field.label)),
  ];

  function toCsv(rows: ExportRow[]): string {
    const records = rows.map(({ standard, custom }) => [
      ...standard.map((value, index) => {
        if (index === TELEPHONE_COLUMN) return phoneCell(value);
        if (index === OWNER_COLUMN) return cell(value ? (owners.get(value) ?? "") : null);
        return cell(index === CAPTURE_LINK_COLUMN && value ? (links.get(value) ?? "") : value);
      }),
      ...fields.map((field) => cell(custom[field.id])),
    ]);
    return stringify(records, { delimiter });
  }

  async function* chunks(): AsyncGenerator<string> {
    yield (excel ? "\uFEFF" : "") + stringify([header.map(neutraliseFormula)], { delimiter });
    yield* walkExportBatches({ workspaceId, filter, timeZone, batchSize }, toCsv);
  }

  const day = dayIn(timeZone);
  return { filename: `leads-${day}.csv`, chunks: chunks() };
}
