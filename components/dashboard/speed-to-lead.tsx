import { useTranslations } from "next-intl";
import { HorizontalBars } from "@/components/dashboard/bar-chart";
import { Card } from "@/components/ui/card";
import {
  FUNNEL_STATUSES,
  RESPONSE_BUCKETS,
  type ResponseBreakdownRow,
  type SpeedToLead,
} from "@/lib/dashboard/get-speed-to-lead";

const STATUS_COLORS = { new: "#94a3b8", contacted: "#60a5fa", qualified: "#818cf8", won: "#16a34a", lost: "#dc2626" };
const BUCKET_COLORS = { within5: "#16a34a", within15: "#65a30d", within60: "#ca8a04", over60: "#ea580c", notYet: "#94a3b8" };

type Translate = ReturnType<typeof useTranslations<"dashboard">>;

/** Minutes as a person reads them: "4.5 min", "2.3 h", "—" when there is none. */
export function formatMinutes(value: number | null, locale: string, t: Translate): string {
  if (value === null) return "—";
  const number = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n);
  return value < 60 ? t("speed.minutes", { value: number(value) }) : t("speed.hours", { value: number(value / 60) });
}

function Breakdown({ title, rows, none, locale }: { title: string; rows: ResponseBreakdownRow[]; none: string; locale: string }) {
  const t = useTranslations("dashboard");
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1)
    <section className="overflow-x-auto" tabIndex={0} aria-label={title}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="pb-2 text-left text-sm font-semibold text-slate-900">{title}</caption>
        <thead className="text-xs text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t("speed.who")}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t("speed.leads")}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t("speed.median")}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t("speed.p95")}
            </th>
            {RESPONSE_BUCKETS.map((bucket) => (
              <th key={bucket} scope="col" className="py-1 pr-3 text-right font-medium">
                {t(`speed.buckets.${bucket}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id ?? "none"}>
              <th scope="row" className="max-w-[12rem] truncate py-1.5 pr-3 font-medium text-slate-900">
                {row.name ?? <span className="italic text-slate-600">{none}</span>}
              </th>
              <td className="py-1.5 pr-3 text-right tabular-nums">{count(row.leads)}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{formatMinutes(row.medianMinutes, locale, t)}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{formatMinutes(row.p95Minutes, locale, t)}</td>
              {RESPONSE_BUCKETS.map((bucket) => (
                <td key={bucket} className="py-1.5 pr-3 text-right tabular-nums">
                  {count(row.buckets[bucket])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The funnel and speed to lead (DESIGN.md section 16): each chart with its figures in a table beside it. */
export function SpeedToLeadCards({ speed, locale }: { speed: SpeedToLead; locale: string }) {
  const t = useTranslations("dashboard");
  const status = useTranslations("workflow.status");
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const total = FUNNEL_STATUSES.reduce((sum, key) => sum + speed.funnel[key], 0);
  const percent = (n: number) =>
    new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(total > 0 ? n / total : 0);
  const { overall } = speed;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card title={t("funnel.title")} description={t("funnel.description")} className="min-w-0">
        <div data-testid="funnel">
          <HorizontalBars
            height={200}
            locale={locale}
            bars={FUNNEL_STATUSES.map((key) => ({ label: status(key), value: speed.funnel[key], color: STATUS_COLORS[key] }))}
          />
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">{t("funnel.title")}</caption>
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-1 text-left font-medium">
                  {t("funnel.status")}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t("speed.leads")}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t("funnel.share")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {FUNNEL_STATUSES.map((key) => (
                <tr key={key}>
                  <th scope="row" className="py-1 text-left font-medium text-slate-900">
                    {status(key)}
                  </th>
                  <td className="py-1 text-right tabular-nums">{count(speed.funnel[key])}</td>
                  <td className="py-1 text-right tabular-nums">{percent(speed.funnel[key])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <Card title={t("speed.title")} description={t("speed.description")} className="min-w-0">
        <div data-testid="speed-to-lead">
          <dl className="mb-3 grid grid-cols-2 gap-3">
            <div>
              <dt className="text-sm text-slate-600">{t("speed.median")}</dt>
              <dd className="text-xl font-semibold tabular-nums text-slate-900" data-testid="speed-median">
                {formatMinutes(overall.medianMinutes, locale, t)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t("speed.p95")}</dt>
              <dd className="text-xl font-semibold tabular-nums text-slate-900" data-testid="speed-p95">
                {formatMinutes(overall.p95Minutes, locale, t)}
              </dd>
            </div>
          </dl>
          <HorizontalBars
            height={200}
            locale={locale}
            bars={RESPONSE_BUCKETS.map((bucket) => ({
              label: t(`speed.buckets.${bucket}`),
              value: overall.buckets[bucket],
              color: BUCKET_COLORS[bucket],
            }))}
          />
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">{t("speed.bucketsTitle")}</caption>
            <tbody className="divide-y divide-slate-100">
              {RESPONSE_BUCKETS.map((bucket) => (
                <tr key={bucket}>
                  <th scope="row" className="py-1 text-left font-medium text-slate-900">
                    {t(`speed.buckets.${bucket}`)}
                  </th>
                  <td className="py-1 text-right tabular-nums">{count(overall.buckets[bucket])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <Card title={t("speed.byTitle")} description={t("speed.byDescription")} className="min-w-0 lg:col-span-2">
        <div className="space-y-6">
          <Breakdown title={t("speed.byOwner")} rows={speed.byOwner} none={t("speed.noOwner")} locale={locale} />
          <Breakdown title={t("speed.byLink")} rows={speed.byLink} none={t("links.deleted")} locale={locale} />
        </div>
      </Card>
    </div>
  );
}
