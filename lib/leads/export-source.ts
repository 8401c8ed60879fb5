import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import type { FieldType } from "@/lib/db/generated/enums";
import { ADDRESS_KEYS } from "@/lib/leads/lead-keys";
import type { LeadFilter } from "./lead-filter";
import { cursorAt, LEAD_SORT_KEY_COLUMNS, type LeadSortKeys } from "./lead-order";
import { driverArrayRunner, selectLeadRows } from "./select-lead-rows";

// What both exports (the plain CSV, export-leads.ts, and the xlsx, export-leads-xlsx.ts) read: the same
// columns, walked in the same keyset batches, so the two files always hold the same leads in the same order.

/** Rows per query: measured at 1M leads, 500 keeps the heap flattest (2,000: +230 MB of garbage; 500: +80 MB) at the same speed. */
export const EXPORT_BATCH_SIZE = 500;

const UTM_PARTS = ["source", "medium", "campaign", "content", "term"] as const;

/** The standard columns by their CSV header (English keys, the contract for tools) and their SQL. */
export const STANDARD_COLUMNS: [header: string, column: string][] = [
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

export type StandardColumn = (typeof STANDARD_COLUMNS)[number][0];

const SELECT_STANDARD = Prisma.raw(STANDARD_COLUMNS.map(([, column], index) => `${column} AS c${index}`).join(", "));

// Read as arrays (driverArrayRunner): the sort keys (LEAD_SORT_KEY_COLUMNS' order), custom fields, then the standard columns.
const EXPORT_COLUMNS = Prisma.sql`${LEAD_SORT_KEY_COLUMNS}, l.custom_fields AS "customFields", ${SELECT_STANDARD}`;
const FIRST_STANDARD_COLUMN = 6;

/** One lead as the exports read it. */
export interface ExportRow {
  createdAt: Date;
  updatedAt: Date;
  /** Custom values by field id, as stored. */
  custom: Record<string, Prisma.JsonValue | undefined>;
  /** The standard columns' text, in STANDARD_COLUMNS' order (null: not sent). */
  standard: (string | null)[];
}

export interface ExportField {
  id: string;
  label: string;
  type: FieldType;
  options: string[];
  archived: boolean;
}

/** What turns stored ids into names: the workspace's members' emails, links' names and custom fields. */
export interface ExportContext {
  owners: Map<string, string>;
  links: Map<string, string>;
  fields: ExportField[];
}

export async function loadExportContext(workspaceId: string): Promise<ExportContext> {
  const { prisma } = await getDatabase();
  const [members, links, fields] = await Promise.all([
    prisma.membership.findMany({ where: { workspaceId }, select: { user: { select: { id: true, email: true } } } }),
    prisma.captureLink.findMany({ where: { workspaceId }, select: { id: true, name: true } }),
    prisma.customField.findMany({
      where: { workspaceId },
      select: { id: true, label: true, type: true, options: true, archivedAt: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
  ]);
  return {
    owners: new Map(members.map(({ user }) => [user.id, user.email])),
    links: new Map(links.map((link) => [link.id, link.name])),
    fields: fields.map((field) => ({
      id: field.id,
      label: field.label,
      type: field.type,
      options: field.options,
      archived: field.archivedAt !== null,
    })),
  };
}

function sortKeysOf(row: unknown[]): LeadSortKeys {
  const [createdAt, updatedAt, id, nameKey, unnamed] = row as [Date | string, Date | string, string, string, boolean];
  return { createdAt: new Date(createdAt), updatedAt: new Date(updatedAt), id, nameKey, unnamed };
}

function exportRowOf(row: unknown[]): ExportRow {
  const stored = row[FIRST_STANDARD_COLUMN - 1] as Prisma.JsonValue;
  return {
    createdAt: new Date(row[0] as Date | string),
    updatedAt: new Date(row[1] as Date | string),
    custom: stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {},
    standard: row.slice(FIRST_STANDARD_COLUMN) as (string | null)[],
  };
}

/**
 * The workspace's leads matching `filter`, in its sort, one keyset batch at a time: memory stays flat
 * however many leads there are. `toChunk` turns a batch into what the caller yields, inside this function,
 * so that the batch's rows are garbage by the time the consumer takes the chunk (measured: what lingers
 * gets promoted and grows the heap).
 */
export async function* walkExportBatches<T>(
  query: { workspaceId: string; filter: LeadFilter; timeZone: string; batchSize?: number },
  toChunk: (rows: ExportRow[]) => T,
): AsyncGenerator<T> {
  const batchSize = query.batchSize ?? EXPORT_BATCH_SIZE;
  const runner = await driverArrayRunner();
  let after: LeadSortKeys | undefined;
  for (;;) {
    const rows = await selectLeadRows(
      {
        columns: EXPORT_COLUMNS,
        workspaceId: query.workspaceId,
        filter: query.filter,
        timeZone: query.timeZone,
        cursor: after ? cursorAt(after, query.filter.sort, "next") : undefined,
        limit: batchSize,
      },
      runner,
    );
    if (rows.length === 0) return;
    const chunk = toChunk(rows.map(exportRowOf));
    const last = sortKeysOf(rows.at(-1)!);
    const full = rows.length === batchSize;
    rows.length = 0;
    yield chunk;
    if (!full) return;
    after = last;
  }
}
