import { stringify } from "csv-stringify/sync";
import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";
import { neutraliseFormula } from "@/lib/leads/csv-cell";
import type { CampaignReport } from "./campaign-report-query";

const FIGURES = ["views", "leads", "contacted", "qualified", "won", "lost", "wonRate", "medianFirstResponseMinutes"] as const;

function baseName(report: CampaignReport): string {
  return `campaigns-${report.groupBy}-${report.touch}-${report.period.from}-${report.period.to}`;
}

/**
 * The report as the plain CSV for tools (DESIGN.md section 13: English keys, numbers as numbers, the totals as
 * the last row with source `total`); a UTM value that would read as a formula is escaped like the leads export's.
 */
export function campaignReportCsv(report: CampaignReport): { filename: string; text: string } {
  const cell = (value: string | null) => (value === null ? "" : neutraliseFormula(value));
  const rows = report.rows.map((row) => [
    cell(row.key.source),
    cell(row.key.medium),
    cell(row.key.campaign),
    ...FIGURES.map((key) => row[key]),
  ]);
  rows.push(["total", "", "", ...FIGURES.map((key) => report.totals[key])]);
  const text = stringify(rows, {
    header: true,
    columns: ["source", "medium", "campaign", ...FIGURES],
    cast: { number: (value) => String(value) },
  });
  return { filename: `${baseName(report)}.csv`, text };
}

/**
 * The report as an Excel workbook in the viewer's language: translated headers, counts as numbers, the won rate
 * as a percentage, minutes with one decimal, the totals in bold. Small (one row per group): built in memory.
 */
export async function campaignReportXlsx(
  report: CampaignReport,
  language: Locale,
): Promise<{ filename: string; buffer: Buffer }> {
  const t = createTranslator({ locale: language, messages: messagesFor(language), namespace: "campaigns" });
  // Loaded on use: exceljs is the largest thing the command line would otherwise load for every command.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t("title"));
  sheet.columns = [
    { header: t("columns.source"), width: 22 },
    { header: t("columns.medium"), width: 18 },
    { header: t("columns.campaign"), width: 24 },
    ...FIGURES.map((key) => ({ header: t(`columns.${key}`), width: 14 })),
  ];
  sheet.getRow(1).font = { bold: true };
  const none = t("none");
  const add = (key: [string, string, string], figures: CampaignReport["totals"]) => {
    const row = sheet.addRow([...key, ...FIGURES.map((name) => figures[name])]);
    row.getCell(3 + FIGURES.indexOf("wonRate") + 1).numFmt = "0.0%";
    row.getCell(3 + FIGURES.indexOf("medianFirstResponseMinutes") + 1).numFmt = "0.0";
    return row;
  };
  for (const row of report.rows)
    add(
      [
        row.key.source ?? none,
        report.groupBy === "source" ? "" : (row.key.medium ?? none),
        report.groupBy === "campaign" ? (row.key.campaign ?? none) : "",
      ],
      row,
    );
  add([t("total"), "", ""], report.totals).font = { bold: true };
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return { filename: `${baseName(report)}.xlsx`, buffer };
}
