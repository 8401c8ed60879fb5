import clsx from "clsx";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { type DashboardPeriod, PRESET_DAYS } from "@/lib/dashboard/dashboard-period";

/**
 * The dashboard's period: one-click presets and a custom range, both plain GET navigation (the period is
 * in the address, so it can be bookmarked and shared). Days are the viewer's, in the zone `zone` names.
 */
export function PeriodChooser({
  basePath,
  period,
  zone,
  values,
  errors,
}: {
  basePath: string;
  period: DashboardPeriod;
  /** The period's time zone for people ("São Paulo time (GMT-3)", "UTC"). */
  zone: string;
  /** What the custom inputs show: the period, or what was typed when it was refused. */
  values: { from: string; to: string };
  errors: { from?: string; to?: string };
}) {
  const t = useTranslations("dashboard.period");
  return (
    <div className="flex flex-col gap-4 rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 lg:flex-row lg:items-end lg:justify-between">
      <nav aria-label={t("label")} className="flex flex-col gap-1">
        <span className="text-xs font-medium text-slate-500">{t("label")}</span>
        <span className="inline-flex w-fit rounded-md bg-slate-100 p-0.5">
          {PRESET_DAYS.map((days) => (
            <Link
              key={days}
              href={`${basePath}?days=${days}`}
              aria-current={period.preset === days ? "page" : undefined}
              className={clsx(
                "rounded px-2.5 py-1.5 text-sm font-medium whitespace-nowrap sm:px-3 focus-visible:outline-2 focus-visible:outline-indigo-600",
                period.preset === days ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
              )}
            >
              {t("lastDays", { days })}
            </Link>
          ))}
        </span>
      </nav>
      <form method="get" action={basePath} className="flex flex-wrap items-start gap-3" aria-label={t("custom")}>
        <div>
          <label htmlFor="period-from" className="block text-xs font-medium text-slate-500">
            {t("from")}
          </label>
          <Input
            id="period-from"
            name="from"
            type="date"
            defaultValue={values.from}
            error={errors.from}
            aria-describedby={errors.from ? "period-from-error" : undefined}
            className="mt-1 w-40"
            required
          />
          {errors.from ? (
            <p id="period-from-error" role="alert" className="mt-1 max-w-40 text-xs font-medium text-red-600">
              {errors.from}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="period-to" className="block text-xs font-medium text-slate-500">
            {t("to")}
          </label>
          <Input
            id="period-to"
            name="to"
            type="date"
            defaultValue={values.to}
            error={errors.to}
            aria-describedby={errors.to ? "period-to-error" : undefined}
            className="mt-1 w-40"
            required
          />
          {errors.to ? (
            <p id="period-to-error" role="alert" className="mt-1 max-w-48 text-xs font-medium text-red-600">
              {errors.to}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="secondary" className="mt-5">
          {t("apply")}
        </Button>
        <p className="w-full text-xs text-slate-500" data-testid="period-zone">
          {t("daysIn", { zone })}
        </p>
      </form>
    </div>
  );
}
