import type { Command } from "commander";
import { getCampaignReport } from "@/lib/reports/campaign-report";
import type { CampaignReport } from "@/lib/reports/campaign-report-query";
import { findWorkspace } from "@/lib/workspaces/find-workspace";
import { getWorkspaceSettings } from "@/lib/workspaces/workspace-settings";
import { action, type CliContext, leafCommand } from "./cli-command";

const REPORT_JSON =
  '{"rows": [{"key": {"source", "medium", "campaign"}, "views", "leads", "contacted", "qualified", "won", "lost",\n"wonRate", "medianFirstResponseMinutes"}], "totals": {…}, "period": {"from", "to", "timeZone"}, "groupBy", "touch"}';

function reportText(report: CampaignReport): string {
  const name = (value: string | null) => value ?? "(none)";
  const header = ["source", "medium", "campaign", "leads", "contacted", "qualified", "won", "lost", "won %", "median min"];
  const line = (key: string[], figures: CampaignReport["totals"]) => [
    ...key,
    String(figures.leads),
    String(figures.contacted),
    String(figures.qualified),
    String(figures.won),
    String(figures.lost),
    figures.wonRate === null ? "-" : (figures.wonRate * 100).toFixed(1),
    figures.medianFirstResponseMinutes === null ? "-" : figures.medianFirstResponseMinutes.toFixed(1),
  ];
  const rows = [
    header,
    ...report.rows.map((row) =>
      line(
        [
          name(row.key.source),
          report.groupBy === "source" ? "" : name(row.key.medium),
          report.groupBy === "campaign" ? name(row.key.campaign) : "",
        ],
        row,
      ),
    ),
    line(["total", "", ""], report.totals),
  ];
  const widths = header.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const period = `${report.period.from} – ${report.period.to} (${report.period.timeZone}), ${report.touch} touch`;
  const views = report.totals.views === null ? "" : `\nviews: ${report.totals.views}`;
  return `${period}${views}\n${rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n")}`;
}

/** `report campaigns`: the campaign report of DESIGN.md section 16, the API's JSON with --json. */
export function registerReportCommands(program: Command, context: CliContext): void {
  const report = program.command("report").description("reports on a workspace's leads");

  leafCommand(report, "campaigns", "leads of a period by UTM source, medium or campaign, and how many were won")
    .requiredOption("--workspace <slug>", "the workspace")
    .option("--group-by <what>", "source, medium or campaign", "source")
    .option("--touch <touch>", "first or last: which UTM values a lead is credited to", "first")
    .option("--from <day>", "first day, YYYY-MM-DD in the workspace's zone (default: 30 days before --to)")
    .option("--to <day>", "last day, included (default: today)")
    .option("--link <id>", "only the leads this capture link created (its views are then in the totals)")
    .addHelpText("after", `\nJSON: ${REPORT_JSON}`)
    .action(
      action(
        context,
        async (options: { workspace: string; groupBy: string; touch: string; from?: string; to?: string; link?: string }) => {
          const workspace = await findWorkspace(options.workspace);
          const { timeZone } = await getWorkspaceSettings(workspace.id);
          const result = await getCampaignReport(
            workspace.id,
            { groupBy: options.groupBy, touch: options.touch, from: options.from, to: options.to, captureLinkId: options.link },
            timeZone,
          );
          return { json: result, text: reportText(result) };
        },
      ),
    );
}
