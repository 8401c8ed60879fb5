import Link from "next/link";
import { useTranslations } from "next-intl";
import type { CampaignReport } from "@/lib/reports/campaign-report-query";

export const SORT_COLUMNS = [
  "source",
  "leads",
  "contacted",
  "qualified",
  "won",
  "lost",
  "wonRate",
  "medianFirstResponseMinutes",
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = "asc" | "desc";

type Row = CampaignReport["rows"][number];

/** The rows in the order asked for; a missing value (no median) sorts last either way. */
export function sortRows(rows: Row[], column: SortColumn, direction: SortDirection): Row[] {
  const value = (row: Row) =>
    column === "source"
      ? [row.key.source, row.key.medium, row.key.campaign].map((part) => part ?? "").join("\u0000")
      : row[column];
  const sign = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    if (typeof x === "string" && typeof y === "string") return sign * x.localeCompare(y);
    return sign * (Number(x) - Number(y));
  });
}

/**
 * The report as a table whose column headers sort it (links: the order is in the address, as the leads table's).
 * Numbers in the viewer's language; the totals in the footer.
 */
export function CampaignTable({
  report,
  locale,
  sort,
  direction,
  sortHref,
}: {
  report: CampaignReport;
  locale: string;
  sort: SortColumn;
  direction: SortDirection;
  sortHref: (column: SortColumn, direction: SortDirection) => string;
}) {
  const t = useTranslations("campaigns");
  const count = (n: number | null) => (n === null ? "—" : new Intl.NumberFormat(locale).format(n));
  const percent = (n: number | null) =>
    n === null ? "—" : new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(n);
  const minutes = (n: number | null) =>
    n === null ? "—" : new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n);
  const none = <span className="italic text-slate-600">{t("none")}</span>;
  const keyColumns = report.groupBy === "source" ? 1 : report.groupBy === "medium" ? 2 : 3;
  const header = (column: SortColumn, label: string, align: "left" | "right" = "right") => {
    const active = sort === column;
    const next: SortDirection = active && direction === "desc" ? "asc" : "desc";
    return (
      <th
        scope="col"
        aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : undefined}
        className={`whitespace-nowrap px-3 py-2 font-medium ${align === "right" ? "text-right" : "text-left"}`}
      >
        <Link
          href={sortHref(column, next)}
          className="text-indigo-700 underline-offset-2 hover:underline"
          aria-label={t("sortBy", { column: label })}
        >
          {label}
          {active ? <span aria-hidden="true">{direction === "asc" ? " ▲" : " ▼"}</span> : null}
        </Link>
      </th>
    );
  };
  const figures = (row: CampaignReport["totals"]) => (
    <>
      {report.totals.views !== null ? <td className="px-3 py-2 text-right tabular-nums">{count(row.views)}</td> : null}
      <td className="px-3 py-2 text-right tabular-nums">{count(row.leads)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{count(row.contacted)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{count(row.qualified)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{count(row.won)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{count(row.lost)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{percent(row.wonRate)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{minutes(row.medianFirstResponseMinutes)}</td>
    </>
  );
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full min-w-[48rem] text-sm" data-testid="campaign-table">
        <caption className="sr-only">{t("title")}</caption>
        <thead className="bg-slate-50 text-xs text-slate-700">
          <tr>
            {header("source", t("columns.source"), "left")}
            {keyColumns >= 2 ? (
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t("columns.medium")}
              </th>
            ) : null}
            {keyColumns >= 3 ? (
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t("columns.campaign")}
              </th>
            ) : null}
            {report.totals.views !== null ? (
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t("columns.views")}
              </th>
            ) : null}
            {header("leads", t("columns.leads"))}
            {header("contacted", t("columns.contacted"))}
            {header("qualified", t("columns.qualified"))}
            {header("won", t("columns.won"))}
            {header("lost", t("columns.lost"))}
            {header("wonRate", t("columns.wonRate"))}
            {header("medianFirstResponseMinutes", t("columns.medianFirstResponseMinutes"))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sortRows(report.rows, sort, direction).map((row) => (
            <tr key={`${row.key.source}|${row.key.medium}|${row.key.campaign}`}>
              <th scope="row" className="max-w-[14rem] truncate px-3 py-2 text-left font-medium text-slate-900">
                {row.key.source ?? none}
              </th>
              {keyColumns >= 2 ? <td className="max-w-[12rem] truncate px-3 py-2">{row.key.medium ?? none}</td> : null}
              {keyColumns >= 3 ? <td className="max-w-[14rem] truncate px-3 py-2">{row.key.campaign ?? none}</td> : null}
              {figures(row)}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-200 font-semibold text-slate-900">
          <tr>
            <th scope="row" colSpan={keyColumns} className="px-3 py-2 text-left">
              {t("total")}
            </th>
            {figures(report.totals)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
