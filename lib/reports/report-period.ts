import { type DashboardPeriod, resolveDashboardPeriod } from "@/lib/dashboard/dashboard-period";
import { parseCalendarDate } from "@/lib/normalise/date";
import { dayIn } from "@/lib/time/time-zone";
import { utcDay } from "@/lib/time/utc-day";
import { validationFailed } from "@/lib/validation/parse-input";

const DAY_MS = 86_400_000;
/** A period given by one end only spans this many days (the dashboard's default). */
const ONE_SIDED_DAYS = 30;

/**
 * A report's period from an API or CLI query, in days of `timeZone`: `from` and `to` both included; either may
 * be left out (only `from`: up to today; only `to`: the 30 days ending then; neither: the last 30 days). The
 * checks are the dashboard's (AppError `validation_failed` naming `from` or `to`; at most 366 days).
 */
export function resolveReportPeriod(query: { from?: string; to?: string }, timeZone: string, now = new Date()): DashboardPeriod {
  let { from, to } = query;
  if (from === "") from = undefined;
  if (to === "") to = undefined;
  // A day that is no date is named alone (not also as "before the start date" of a day filled in for it).
  const bad = (["from", "to"] as const).filter((field) => {
    const value = field === "from" ? from : to;
    return value !== undefined && parseCalendarDate(value) === undefined;
  });
  if (bad.length > 0)
    throw validationFailed(
      "period",
      bad.map((field) => ({ field, code: "invalid_date", message: "must be a date in the form YYYY-MM-DD" })),
    );
  if (from !== undefined && to === undefined) to = dayIn(timeZone, now);
  if (to !== undefined && from === undefined)
    from = utcDay(new Date(Date.parse(`${to}T00:00:00.000Z`) - (ONE_SIDED_DAYS - 1) * DAY_MS));
  return resolveDashboardPeriod({ from, to }, now, timeZone);
}

/**
 * The last UTC day whose views (link_views counts per UTC day) belong to the period: its last day, or, when
 * the period ends today in its zone, today's UTC day too (in São Paulo's evening UTC is already tomorrow).
 */
export function viewsUntil(period: DashboardPeriod, now = new Date()): string {
  const utcToday = utcDay(now);
  return period.to === dayIn(period.timeZone, now) && utcToday > period.to ? utcToday : period.to;
}
