import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BreakdownList } from "@/components/dashboard/breakdown-list";
import { DailyLeadsChart } from "@/components/dashboard/daily-leads-chart";
import { PeriodChooser } from "@/components/dashboard/period-chooser";
import { SpeedToLeadCards } from "@/components/dashboard/speed-to-lead";
import { Stat } from "@/components/dashboard/stat-cards";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, requireWorkspace } from "@/lib/auth/session";
import {
  type DashboardPeriod,
  DEFAULT_DAYS,
  MAX_PERIOD_DAYS,
  presetPeriod,
  resolveDashboardPeriod,
} from "@/lib/dashboard/dashboard-period";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { getSpeedToLead } from "@/lib/dashboard/get-speed-to-lead";
import { isAppError } from "@/lib/errors";
import { zoneName } from "@/lib/i18n/zone-name";
import { getViewer } from "@/lib/request/viewer";
import { formatCount, formatDay } from "@/lib/time/format-time";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("dashboard"))("title") };
}
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The period the query asks for, in the viewer's days, or the default one with the reasons the query was refused. */
function choosePeriod(
  query: SearchParams,
  timeZone: string,
  t: Awaited<ReturnType<typeof getTranslations<"dashboard">>>,
): { period: DashboardPeriod; errors: { from?: string; to?: string; days?: string } } {
  try {
    return {
      period: resolveDashboardPeriod(
        { days: single(query.days), from: single(query.from), to: single(query.to) },
        new Date(),
        timeZone,
      ),
      errors: {},
    };
  } catch (error) {
    if (!isAppError(error) || error.code !== "validation_failed") throw error;
    const errors: Record<string, string> = {};
    for (const issue of error.errors ?? [])
      errors[issue.field] ??=
        issue.field === "days"
          ? t("periodErrors.days")
          : t(
              `periodErrors.${issue.code === "required" || issue.code === "period_too_long" || issue.code === "date_out_of_range" ? issue.code : "invalid_date"}`,
              {
                field: issue.field,
                max: MAX_PERIOD_DAYS,
              },
            );
    return { period: presetPeriod(DEFAULT_DAYS, new Date(), timeZone), errors };
  }
}

export default async function DashboardPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const [{ workspace, role }, viewer] = await Promise.all([requireWorkspace(slug), getViewer()]);
  const { locale } = viewer;
  const t = await getTranslations("dashboard");
  const day = (value: string, options?: Intl.DateTimeFormatOptions) => formatDay(value, locale, options);
  const base = `/w/${workspace.slug}`;
  const { period, errors } = choosePeriod(query, viewer.timeZone, t);
  const zone = zoneName(t, period.timeZone);
  const [dashboard, speed] = await Promise.all([getDashboard(workspace.id, period), getSpeedToLead(workspace.id, period)]);
  const { totals } = dashboard;
  const refused = Object.keys(errors).length > 0;

  const header = (
    <PageHeader
      title={t("title")}
      description={t.rich("description", {
        workspace: workspace.name,
        zone: () => <span data-testid="dashboard-zone">{zone}</span>,
      })}
    />
  );
  if (!dashboard.hasLeads) {
    const canCreate = hasRole(role, "admin");
    return (
      <>
        {header}
        <EmptyState
          title={t("empty.title")}
          action={
            <ButtonLink href={`${base}/links`}>
              {dashboard.hasLinks ? t("empty.openLinks") : canCreate ? t("empty.createLink") : t("empty.seeLinks")}
            </ButtonLink>
          }
        >
          {dashboard.hasLinks ? <p>{t("empty.linksReady")}</p> : <p>{t("empty.noLinks")}</p>}
        </EmptyState>
      </>
    );
  }

  const busiest = dashboard.perDay.reduce((best, day) => (day.leads > best.leads ? day : best), dashboard.perDay[0]!);
  const requests = totals.accepted + totals.rejected + totals.spam;
  const rangeText = `${day(period.from, { month: "short", day: "numeric", year: "numeric" })} – ${day(period.to, { month: "short", day: "numeric", year: "numeric" })}`;
  const filter = (key: string, value: string) =>
    `${base}/leads?${new URLSearchParams({ [key]: value, from: period.from, to: period.to })}`;
  const summary =
    totals.leads === 0
      ? t("summaryNone", { range: rangeText, zone })
      : t("summary", {
          count: totals.leads,
          range: rangeText,
          zone,
          busiest: day(busiest.day, { month: "long", day: "numeric", year: "numeric" }),
          busiestCount: busiest.leads,
        });

  return (
    <div className="space-y-6">
      {header}
      <PeriodChooser
        basePath={base}
        period={period}
        zone={zone}
        values={refused ? { from: single(query.from) ?? "", to: single(query.to) ?? "" } : { from: period.from, to: period.to }}
        errors={{ from: errors.from, to: errors.to ?? errors.days }}
      />

      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat label={t("stats.newLeads")} hint={rangeText} testId="stat-new-leads">
          {formatCount(totals.leads, locale)}
        </Stat>
        <Stat label={t("stats.accepted")} hint={t("stats.acceptedHint")} testId="stat-accepted">
          {formatCount(totals.accepted, locale)}
        </Stat>
        <Stat
          label={t("stats.rejected")}
          hint={
            requests > 0
              ? t("stats.rejectedShare", {
                  percent: Math.round(((totals.rejected + totals.spam) / requests) * 100),
                  spam: totals.spam,
                })
              : t("stats.rejectedHint")
          }
          testId="stat-rejected"
        >
          <span className={totals.rejected + totals.spam > 0 ? "text-red-700" : undefined}>
            {formatCount(totals.rejected + totals.spam, locale)}
          </span>
        </Stat>
        <Stat
          label={t("stats.busiest")}
          hint={busiest.leads > 0 ? t("leads", { count: busiest.leads }) : t("stats.busiestNone")}
          testId="stat-busiest"
        >
          {busiest.leads > 0 ? day(busiest.day) : "—"}
        </Stat>
      </dl>

      <Card title={t("perDay.title")} description={t("perDay.description", { zone, range: rangeText })}>
        <DailyLeadsChart data={dashboard.perDay} title={t("perDay.title")} summary={summary} />
        {totals.leads === 0 ? <p className="mt-4 text-center text-sm text-slate-500">{t("perDay.none")}</p> : null}
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("sources.title")} description={t("sources.description")}>
          <BreakdownList
            testId="sources"
            locale={locale}
            total={totals.leads}
            empty={t("noneInPeriod")}
            rows={dashboard.sources.map((row) =>
              row.source === null
                ? { key: "(none)", label: <span className="italic text-slate-500">{t("sources.none")}</span>, count: row.leads }
                : { key: row.source, label: row.source, count: row.leads, href: filter("utm_source", row.source) },
            )}
            more={
              dashboard.sourceCount > dashboard.sources.length
                ? t("sources.more", { count: dashboard.sourceCount - dashboard.sources.length })
                : undefined
            }
          />
        </Card>
        <Card title={t("links.title")} description={t("links.description")}>
          <BreakdownList
            testId="links"
            locale={locale}
            total={totals.leads}
            empty={t("noneInPeriod")}
            rows={dashboard.links.map((row) =>
              row.id === null
                ? {
                    key: "(deleted)",
                    label: <span className="italic text-slate-500">{t("links.deleted")}</span>,
                    count: row.leads,
                  }
                : {
                    key: row.id,
                    label: (
                      <>
                        {row.name}
                        {row.status === "revoked" ? (
                          <span className="ml-2 text-xs font-normal text-slate-500">{t("links.revoked")}</span>
                        ) : null}
                      </>
                    ),
                    count: row.leads,
                    href: filter("link", row.id),
                  },
            )}
            more={
              dashboard.linkCount > dashboard.links.length
                ? t("links.more", { count: dashboard.linkCount - dashboard.links.length })
                : undefined
            }
          />
        </Card>
      </div>

      <SpeedToLeadCards speed={speed} locale={locale} />
    </div>
  );
}
