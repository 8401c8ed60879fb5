import { PassThrough, type Readable, type Writable } from "node:stream";
import type ExcelJS from "exceljs";
import { createTranslator } from "use-intl/core";
import type { Prisma } from "@/lib/db/generated/client";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";
import { formatPhone } from "@/lib/phone/format-phone";
import { DEFAULT_TIME_ZONE, dayIn, requireTimeZone } from "@/lib/time/time-zone";
import { wallClock } from "@/lib/time/wall-clock";
import { parseInput } from "@/lib/validation/parse-input";
import { type ExportField, type ExportRow, loadExportContext, STANDARD_COLUMNS, walkExportBatches } from "./export-source";
import { LeadFilter, type LeadFilterInput } from "./lead-filter";
import { LEAD_STATUSES } from "./lead-workflow-input";

/**
 * How each standard column is written. Text is text whatever it looks like: a phone, a CPF ("01234567890"
 * keeps its zero), a CEP or a street number is never turned into a number, so Excel shows no "5,51E+12".
 */
type ColumnKind = "text" | "phone" | "day" | "instant" | "status" | "owner" | "link";
// Named, though text is the default, because some look like numbers: "0100", "01310-100".
const ADDRESS_COLUMNS = [
  "address_street",
  "address_number",
  "address_complement",
  "address_neighborhood",
  "address_city",
  "address_state",
  "address_zipCode",
  "address_country",
] as const;
const COLUMN_KINDS: Record<string, ColumnKind> = {
  ...Object.fromEntries(ADDRESS_COLUMNS.map((column) => [column, "text" as const])),
  telephone: "phone",
  birthday: "day",
  capture_link: "link",
  status: "status",
  owner: "owner",
  created_at: "instant",
  updated_at: "instant",
};
const kindOf = (header: string): ColumnKind => COLUMN_KINDS[header] ?? "text";

/** Each column's header key in the `spreadsheet.columns` catalogue: the CSV's header, which names it for tools. */
type ColumnKey = keyof ReturnType<typeof messagesFor>["spreadsheet"]["columns"];

/**
 * Rows per query and per wait for the zip. exceljs writes a worksheet's XML into its zip entry without
 * backpressure, so what one batch renders is held until deflate takes it (see sheetEntry): at 500 rows (the
 * CSV's batch) a plain process's buffers peaked at 68 MB, at 100 at 25 MB, for the same 200,000 leads.
 */
const XLSX_BATCH_SIZE = 100;

/** Excel's own text format: a cell typed into later stays text too. */
const TEXT_FORMAT = "@";

/**
 * Excel date formats in the reader's order and separators ("dd/mm/yyyy" for pt-BR, "mm/dd/yyyy" for en-US,
 * "dd/mm/yyyy" for en-GB), and their 12- or 24-hour clock: what the viewer sees on screen, as a real date
 * Excel sorts and filters.
 */
export function excelDateFormats(locale: string): { day: string; instant: string } {
  const format = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric" });
  const codes: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { day: "dd", month: "mm", year: "yyyy" };
  const day = format
    .formatToParts(new Date(Date.UTC(2026, 11, 18)))
    .map((part) => codes[part.type] ?? part.value.replace(/[^\s/.,-]/g, (char) => `\\${char}`))
    .join("");
  const twelveHour = new Intl.DateTimeFormat(locale, { hour: "numeric" }).resolvedOptions().hour12;
  return { day, instant: `${day} ${twelveHour ? "h:mm AM/PM" : "hh:mm"}` };
}

/** A stored "YYYY-MM-DD" as an Excel date (midnight, no zone), or the text itself if it is not one. */
function calendarDay(value: string): Date | string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : value;
}

/** Resolves when `stream` drains, or when it or `output` closes (a reader gone never drains anything). */
function drainedOrClosed(stream: Writable, output: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done).off("close", done);
      output.off("close", done);
      resolve();
    };
    stream.on("drain", done).on("close", done);
    if (stream !== output) output.on("close", done);
  });
}

/**
 * Where the worksheet's XML waits for the zip's deflate: exceljs writes it into its own buffer, which pipes it
 * into a PassThrough of archiver's (`pipes[0]`) without looking at what write() returns. That PassThrough is
 * readable-stream 2's (archiver-utils' own copy), which has no `writableNeedDrain`: its `_writableState` tells
 * instead. Undefined if exceljs's or archiver's internals change; the export then only waits for its reader.
 */
export function sheetEntry(sheet: ExcelJS.Worksheet): Writable | undefined {
  const entry = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  return entry && needsDrain(entry as Writable) !== undefined ? (entry as Writable) : undefined;
}

/** Whether a writable asked its writer to wait for "drain": Node's streams and readable-stream 2's alike. */
export function needsDrain(stream: Writable): boolean | undefined {
  if (typeof stream.writableNeedDrain === "boolean") return stream.writableNeedDrain;
  const state = (stream as unknown as { _writableState?: { needDrain?: unknown } })._writableState;
  return typeof state?.needDrain === "boolean" ? state.needDrain : undefined;
}

export interface LeadXlsxExport {
  /** For Content-Disposition. */
  filename: string;
  /** The .xlsx file, written as the leads are read. */
  stream: Readable;
}

/**
 * The workspace's leads matching `filter` as an Excel workbook for people (DESIGN.md section 13): the same
 * leads, columns and order as the plain CSV (export-source.ts), but headers, statuses and yes/no in the
 * viewer's language, dates and times as Excel dates in the viewer's zone, numbers as numbers and phones,
 * documents and postal codes as text. exceljs' streaming writer commits each row to the zip as it goes and
 * keeps no shared-string table (which would hold every distinct text in memory); rows are read and written
 * XLSX_BATCH_SIZE at a time, and the next batch waits for the reader (the route's body pulls one chunk at a
 * time), so memory stays flat at any number of leads (docs/benchmarks.md: 242 MB at 1,000,000 on a server
 * resting at 198). The filter is validated before anything is read.
 */
export async function exportLeadsXlsx(
  workspaceId: string,
  filterInput: LeadFilterInput,
  options: { language: Locale; locale: string; timeZone?: string; batchSize?: number },
): Promise<LeadXlsxExport> {
  const filter = parseInput(LeadFilter, filterInput, "lead filter");
  const timeZone = requireTimeZone(options.timeZone ?? DEFAULT_TIME_ZONE);
  const context = await loadExportContext(workspaceId);
  const messages = messagesFor(options.language);
  const t = createTranslator({ locale: options.language, messages, namespace: "spreadsheet" });
  const statusWords: Record<string, string> = Object.fromEntries(
    LEAD_STATUSES.map((status) => [status, messages.workflow.status[status]]),
  );
  const formats = excelDateFormats(options.locale);

  // Loaded on use: exceljs is the largest thing the command line would otherwise load for every command.
  const { default: WorkbookWriter } = await import("exceljs/lib/stream/xlsx/workbook-writer");
  const output = new PassThrough();
  // Fast deflate: at the default level the zip falls behind the rows and what waits for it is memory.
  const workbook = new WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(t("sheet"), { views: [{ state: "frozen", ySplit: 1 }] });
  const standardKinds = STANDARD_COLUMNS.map(([header]) => kindOf(header));
  sheet.columns = [
    ...STANDARD_COLUMNS.map(([header], index) => ({
      header: t(`columns.${header as ColumnKey}`),
      width: standardKinds[index] === "instant" ? 18 : 16,
      style: { numFmt: columnFormat(standardKinds[index]!) },
    })),
    ...context.fields.map((field) => ({
      header: field.archived ? t("archived", { label: field.label }) : field.label,
      width: 16,
      style: { numFmt: field.type === "date" ? formats.day : field.type === "number" ? "General" : TEXT_FORMAT },
    })),
  ];
  const columnStyles = sheet.columns.map((column) => column.style as Partial<ExcelJS.Style>);
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  function columnFormat(kind: ColumnKind): string {
    if (kind === "day") return formats.day;
    if (kind === "instant") return formats.instant;
    return TEXT_FORMAT;
  }

  function standardCell(kind: ColumnKind, value: string | null, row: ExportRow, header: string): ExcelJS.CellValue {
    if (kind === "instant") return wallClock(header === "created_at" ? row.createdAt : row.updatedAt, timeZone);
    if (value === null) return null;
    if (kind === "phone") return /^\d+$/.test(value) ? formatPhone(value) : value;
    if (kind === "day") return calendarDay(value);
    if (kind === "status") return statusWords[value] ?? value;
    if (kind === "owner") return context.owners.get(value) ?? "";
    if (kind === "link") return context.links.get(value) ?? "";
    return value;
  }

  function customCell(field: ExportField, value: Prisma.JsonValue | undefined): ExcelJS.CellValue {
    if (value === null || value === undefined) return null;
    if (field.type === "number" && typeof value === "number") return value;
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (field.type === "date" && typeof value === "string") return calendarDay(value);
    return typeof value === "string" ? value : JSON.stringify(value);
  }

  function writeBatch(rows: ExportRow[]): number {
    for (const row of rows) {
      const cells: ExcelJS.CellValue[] = STANDARD_COLUMNS.map(([header], index) =>
        standardCell(standardKinds[index]!, row.standard[index] ?? null, row, header),
      );
      for (const field of context.fields) cells.push(customCell(field, row.custom[field.id]));
      const added = sheet.addRow(cells);
      // Every cell gets its column's one style object: exceljs gives each new cell a copy of it, and a copy
      // misses its style cache, so each cell's style XML would be rendered and looked up again (half the time).
      added.eachCell({ includeEmpty: true }, (cell, column) => {
        cell.style = columnStyles[column - 1]!;
      });
      added.commit();
    }
    return rows.length;
  }

  async function write(): Promise<void> {
    const batchSize = options.batchSize ?? XLSX_BATCH_SIZE;
    for await (const _ of walkExportBatches({ workspaceId, filter, timeZone, batchSize }, writeBatch)) {
      if (output.destroyed) return;
      // Backpressure from both ends: the worksheet's XML not yet taken by the zip's deflate (which runs on
      // libuv's threads and falls behind the rows on a busy machine: without this wait a 1,000,000-lead export
      // on a loaded machine peaked at 676 MB), and the zip not yet taken by the reader.
      for (const stream of [sheetEntry(sheet), output]) {
        while (stream && needsDrain(stream) && !output.destroyed) {
          await drainedOrClosed(stream, output);
        }
      }
    }
    sheet.commit();
    await workbook.commit();
  }

  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return { filename: `leads-${dayIn(timeZone)}.xlsx`, stream: output };
}
