import type { Metadata } from "next";
import { BreakdownList } from "@/components/dashboard/breakdown-list";
import { DailyLeadsChart } from "@/components/dashboard/daily-leads-chart";
import { PeriodChooser } from "@/components/dashboard/period-chooser";
import { Stat } from "@/components/dashboard/stat-cards";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, requireWorkspace } from "@/lib/auth/session";
import { type DashboardPeriod, DEFAULT_DAYS, presetPeriod, resolveDashboardPeriod } from "@/lib/dashboard/dashboard-period";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { isAppError } from "@/lib/errors";
import { formatCount, formatDay } from "@/lib/time/format-time";
import { zoneLabel } from "@/lib/time/time-zone";
import { getViewer } from "@/lib/time/viewer";

export const metadata: Metadata = { title: "Dashboard" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The period the query asks for, in the viewer's days, or the default one with the reasons the query was refused. */
function choosePeriod(
  query: SearchParams,
  timeZone: string,
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
        `${issue.field === "from" ? "Start date" : issue.field === "to" ? "End date" : "Period"} ${issue.message}.`;
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
  const count = (value: number, one: string, many: string) => `${formatCount(value, locale)} ${value === 1 ? one : many}`;
  const day = (value: string, options?: Intl.DateTimeFormatOptions) => formatDay(value, locale, options);
  const base = `/w/${workspace.slug}`;
  const { period, errors } = choosePeriod(query, viewer.timeZone);
  const zone = zoneLabel(period.timeZone);
  const dashboard = await getDashboard(workspace.id, period);
  const { totals } = dashboard;
  const refused = Object.keys(errors).length > 0;

  const header = (
    <PageHeader
      title="Dashboard"
      description={
        <>
          Leads arriving in {workspace.name}. Days are counted in <span data-testid="dashboard-zone">{zone}</span>.
        </>
      }
    />
  );
  if (!dashboard.hasLeads) {
    const canCreate = hasRole(role, "admin");
    return (
      <>
        {header}
        <EmptyState
          title="No leads yet"
          action={
            <ButtonLink href={`${base}/links`}>
              {dashboard.hasLinks ? "Open capture links" : canCreate ? "Create a capture link" : "See capture links"}
            </ButtonLink>
          }
        >
          {dashboard.hasLinks ? (
            <p>
              Your capture links are ready but no lead has arrived. Open a link, paste its ready-made snippet into your landing
              page or run its curl command: leads per day, sources and links show up here as soon as they arrive.
            </p>
          ) : (
            <p>
              Leads arrive through capture links. Create a capture link, paste its snippet into your landing page or form, and
              this dashboard shows the leads per day, their UTM sources and the links they came through.
            </p>
          )}
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
      ? `No new leads from ${rangeText} (days in ${zone}).`
      : `${count(totals.leads, "new lead", "new leads")} from ${rangeText} (days in ${zone}); the busiest day was ${day(busiest.day, { month: "long", day: "numeric", year: "numeric" })} with ${count(busiest.leads, "lead", "leads")}.`;

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
        <Stat label="New leads" hint={rangeText} testId="stat-new-leads">
          {formatCount(totals.leads, locale)}
        </Stat>
        <Stat label="Accepted requests" hint="Leads created or updated" testId="stat-accepted">
          {formatCount(totals.accepted, locale)}
        </Stat>
        <Stat
          label="Rejected requests"
          hint={
            requests > 0
              ? `${Math.round(((totals.rejected + totals.spam) / requests) * 100)}% of requests${totals.spam > 0 ? `, ${formatCount(totals.spam, locale)} spam` : ""}`
              : "Refused requests and spam"
          }
          testId="stat-rejected"
        >
          <span className={totals.rejected + totals.spam > 0 ? "text-red-700" : undefined}>
            {formatCount(totals.rejected + totals.spam, locale)}
          </span>
        </Stat>
        <Stat
          label="Busiest day"
          hint={busiest.leads > 0 ? count(busiest.leads, "lead", "leads") : "No leads in this period"}
          testId="stat-busiest"
        >
          {busiest.leads > 0 ? day(busiest.day) : "—"}
        </Stat>
      </dl>

      <Card
        title="Leads per day"
        description={`New leads per day in ${zone}, ${rangeText}. Hover or focus the chart to read a day.`}
      >
        <DailyLeadsChart data={dashboard.perDay} title="Leads per day" summary={summary} />
        {totals.leads === 0 ? (
          <p className="mt-4 text-center text-sm text-slate-500">No new leads in this period. Choose a longer period above.</p>
        ) : null}
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Top UTM sources" description="First-touch UTM source of the period’s new leads. Open one to see its leads.">
          <BreakdownList
            testId="sources"
            locale={locale}
            total={totals.leads}
            empty="No new leads in this period."
            rows={dashboard.sources.map((row) =>
              row.source === null
                ? { key: "(none)", label: <span className="italic text-slate-500">No UTM source</span>, count: row.leads }
                : { key: row.source, label: row.source, count: row.leads, href: filter("utm_source", row.source) },
            )}
            more={
              dashboard.sourceCount > dashboard.sources.length
                ? `and ${count(dashboard.sourceCount - dashboard.sources.length, "more source", "more sources")}`
                : undefined
            }
          />
        </Card>
        <Card title="Top capture links" description="The links that created the period’s new leads. Open one to see its leads.">
          <BreakdownList
            testId="links"
            locale={locale}
            total={totals.leads}
            empty="No new leads in this period."
            rows={dashboard.links.map((row) =>
              row.id === null
                ? { key: "(deleted)", label: <span className="italic text-slate-500">Deleted link</span>, count: row.leads }
                : {
                    key: row.id,
                    label: (
                      <>
                        {row.name}
                        {row.status === "revoked" ? (
                          <span className="ml-2 text-xs font-normal text-slate-400">revoked</span>
                        ) : null}
                      </>
                    ),
                    count: row.leads,
                    href: filter("link", row.id),
                  },
            )}
            more={
              dashboard.linkCount > dashboard.links.length
                ? `and ${count(dashboard.linkCount - dashboard.links.length, "more link", "more links")}`
                : undefined
            }
          />
        </Card>
      </div>
    </div>
  );
}
