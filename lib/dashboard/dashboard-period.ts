import { z } from "zod";
import { parseCalendarDate } from "@/lib/normalise/date";
import { DEFAULT_TIME_ZONE, dayIn, requireTimeZone } from "@/lib/time/time-zone";
import { utcDay } from "@/lib/time/utc-day";
import { parseInput } from "@/lib/validation/parse-input";

/** The periods offered as one click: the last N days of the viewer's zone, today included. */
export const PRESET_DAYS = [7, 30, 90] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];
export const DEFAULT_DAYS: PresetDays = 30;
/** A custom period may cover a year (a leap year's 366 days): the chart stays readable and the query bounded. */
export const MAX_PERIOD_DAYS = 366;

const DAY_MS = 86_400_000;

/** A form's empty input means "not given". */
const blankIsAbsent = (value: unknown) => (value === "" ? undefined : value);

const Day = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .refine((value) => parseCalendarDate(value) !== undefined, {
      message: "must be a date in the form YYYY-MM-DD",
      params: { code: "invalid_date" },
    })
    .refine((value) => value >= "2000-01-01", { message: "must not be before 2000-01-01", params: { code: "date_out_of_range" } })
    .optional(),
);

/**
 * The dashboard's period as the page's query string (and any other caller) gives it: `days` (7, 30 or 90),
 * or a custom `from` and `to` (days of the viewer's time zone, both included), which win over `days`.
 */
export const DashboardQuery = z
  .object({
    days: z.preprocess(
      (value) => (typeof value === "number" ? String(value) : blankIsAbsent(value)),
      z
        .string()
        .refine((value) => (PRESET_DAYS as readonly number[]).map(String).includes(value), {
          message: `must be one of ${PRESET_DAYS.join(", ")}`,
          params: { code: "invalid_option" },
        })
        .transform((value) => Number(value) as PresetDays)
        .optional(),
    ),
    from: Day,
    to: Day,
  })
  .superRefine((query, context) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      const missing = query.from === undefined ? "from" : "to";
      context.addIssue({
        code: "custom",
        path: [missing],
        message: "is required for a custom period",
        params: { code: "required" },
      });
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    if (query.from > query.to) {
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: "must not be before the start date",
        params: { code: "date_out_of_range" },
      });
    } else if (spanDays(query.from, query.to) > MAX_PERIOD_DAYS) {
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: `must be at most ${MAX_PERIOD_DAYS} days after the start date`,
        params: { code: "period_too_long" },
      });
    }
  });
export type DashboardQuery = z.input<typeof DashboardQuery>;

export interface DashboardPeriod {
  /** First and last day of the period in `timeZone`, both included (YYYY-MM-DD). */
  from: string;
  to: string;
  /**
   * The validated IANA zone whose days these are (the viewer's): a day runs from its midnight to the next
   * one there, so a marketer in São Paulo sees their own "today", which ends at 03:00 UTC.
   */
  timeZone: string;
  /** Every day of the period, in order. */
  days: string[];
  /** The preset it is, when it is one. */
  preset: PresetDays | null;
}

/** Calendar arithmetic only: a day string's UTC midnight, whatever the zone the day belongs to. */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

function spanDays(from: string, to: string): number {
  return Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS) + 1;
}

function period(from: string, to: string, timeZone: string, preset: PresetDays | null): DashboardPeriod {
  timeZone = requireTimeZone(timeZone);
  const start = dayStart(from);
  const days = Array.from({ length: spanDays(from, to) }, (_, index) => utcDay(new Date(start.getTime() + index * DAY_MS)));
  return { from, to, timeZone, days, preset };
}

/**
 * The last `days` days of `timeZone` up to and including today there (an unknown zone: AppError
 * `validation_failed`; the zone reaches the queries as a parameter).
 */
export function presetPeriod(days: PresetDays, now = new Date(), timeZone = DEFAULT_TIME_ZONE): DashboardPeriod {
  timeZone = requireTimeZone(timeZone);
  const today = dayIn(timeZone, now);
  return period(utcDay(new Date(dayStart(today).getTime() - (days - 1) * DAY_MS)), today, timeZone, days);
}

/** The period a query names, in days of `timeZone`; AppError `validation_failed` naming each bad field otherwise. */
export function resolveDashboardPeriod(query: DashboardQuery, now = new Date(), timeZone = DEFAULT_TIME_ZONE): DashboardPeriod {
  const { days, from, to } = parseInput(DashboardQuery, query, "period");
  timeZone = requireTimeZone(timeZone);
  if (from !== undefined && to !== undefined) {
    const custom = period(from, to, timeZone, null);
    // A custom period equal to a preset is that preset: the chooser shows it selected.
    const preset =
      PRESET_DAYS.find((size) => presetPeriod(size, now, timeZone).from === from && to === dayIn(timeZone, now)) ?? null;
    return { ...custom, preset };
  }
  return presetPeriod(days ?? DEFAULT_DAYS, now, timeZone);
}
