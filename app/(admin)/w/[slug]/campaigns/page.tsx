import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CampaignChoices } from "@/components/campaigns/campaign-choices";
import { CampaignTable, SORT_COLUMNS, type SortColumn, type SortDirection } from "@/components/campaigns/campaign-table";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requireWorkspace } from "@/lib/auth/session";
import { isAppError } from "@/lib/errors";
import { zoneName } from "@/lib/i18n/zone-name";
import { listLinkChoices } from "@/lib/links/list-links";
import { getCampaignReport } from "@/lib/reports/campaign-report";
import type { CampaignReport } from "@/lib/reports/campaign-report-query";
import { getViewer } from "@/lib/request/viewer";
import { formatDay } from "@/lib/time/format-time";
import { getWorkspaceSettings } from "@/lib/workspaces/workspace-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("campaigns"))("title") };
}
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);
const REPORT_KEYS = ["from", "to", "captureLinkId", "touch", "groupBy"] as const;

/** The report the address asks for, or the default one with the names of the choices that were refused. */
async function loadReport(workspaceId: string, query: Record<string, string | undefined>, timeZone: string) {
  try {
    return { report: await getCampaignReport(workspaceId, query, timeZone), refused: [] as string[] };
  } catch (error) {
    if (!isAppError(error) || (error.code !== "validation_failed" && error.code !== "capture_link_not_found")) throw error;
    const refused =
      error.code === "capture_link_not_found" ? ["captureLinkId"] : (error.errors ?? []).map((issue) => issue.field);
    return { report: await getCampaignReport(workspaceId, {}, timeZone), refused };
  }
}

/** Campaigns (DESIGN.md section 16): the campaign report of the workspace, in its zone, in the viewer's language. */
export default async function CampaignsPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ slug }, raw] = await Promise.all([params, searchParams]);
  const [{ workspace }, viewer, t, dashboard] = await Promise.all([
    requireWorkspace(slug),
    getViewer(),
    getTranslations("campaigns"),
    getTranslations("dashboard"),
  ]);
  const query = Object.fromEntries(REPORT_KEYS.map((key) => [key, single(raw[key])]));
  const [{ timeZone }, links] = await Promise.all([getWorkspaceSettings(workspace.id), listLinkChoices(workspace.id)]);
  const { report, refused } = await loadReport(workspace.id, query, timeZone);
  const sort: SortColumn = (SORT_COLUMNS as readonly string[]).includes(single(raw.sort) ?? "")
    ? (single(raw.sort) as SortColumn)
    : "leads";
  const direction: SortDirection = single(raw.dir) === "asc" ? "asc" : "desc";
  const base = `/w/${workspace.slug}/campaigns`;
  const chosen = (report: CampaignReport) => ({
    from: report.period.from,
    to: report.period.to,
    touch: report.touch,
    groupBy: report.groupBy,
    ...(refused.includes("captureLinkId") || !query.captureLinkId ? {} : { captureLinkId: query.captureLinkId }),
  });
  const address = (extra: Record<string, string>, path = base) =>
    `${path}?${new URLSearchParams({ ...chosen(report), ...extra })}`;
  const range = `${formatDay(report.period.from, viewer.locale, { month: "short", day: "numeric", year: "numeric" })} – ${formatDay(report.period.to, viewer.locale, { month: "short", day: "numeric", year: "numeric" })}`;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("description", { range, zone: zoneName(dashboard, report.period.timeZone) })}
        actions={
          <div className="flex flex-wrap gap-2">
            <ButtonLink href={address({ format: "csv" }, `${base}/export`)} variant="secondary" size="sm">
              {t("downloadCsv")}
            </ButtonLink>
            <ButtonLink href={address({ format: "xlsx" }, `${base}/export`)} variant="secondary" size="sm">
              {t("downloadXlsx")}
            </ButtonLink>
          </div>
        }
      />
      {refused.length > 0 ? (
        <p role="alert" className="rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {t("invalid", { fields: refused.join(", ") })}
        </p>
      ) : null}
      <CampaignChoices
        action={base}
        links={links.map((link) => ({ id: link.id, name: link.name }))}
        values={{ ...chosen(report), captureLinkId: chosen(report).captureLinkId ?? "" }}
      />
      {report.rows.length === 0 ? (
        <p className="rounded-lg bg-white px-4 py-6 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
          {t("empty")}
        </p>
      ) : (
        <CampaignTable
          report={report}
          locale={viewer.locale}
          sort={sort}
          direction={direction}
          sortHref={(column, dir) => address({ sort: column, dir })}
        />
      )}
      <div className="space-y-1 text-xs text-slate-600">
        <p>{t("definitions")}</p>
        {report.totals.views !== null ? <p>{t("viewsNote")}</p> : null}
      </div>
    </div>
  );
}
