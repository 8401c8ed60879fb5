import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { LocalTime } from "@/components/ui/local-time";
import type { LinkCounters } from "@/lib/links/link-counters";

function Stat({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-lg bg-white px-5 py-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{children}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

/**
 * A link's figures: requests accepted and rejected, the last one, and the views of its form (the hosted form and
 * the JavaScript snippet count them, DESIGN.md section 12) with the share of views that became a lead.
 */
export function LinkStats({ counters, views }: { counters: LinkCounters; views: number }) {
  const t = useTranslations("links.stats");
  const format = useFormatter();
  const total = counters.accepted + counters.rejected;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Stat
        label={t("views")}
        hint={
          views > 0
            ? t("conversion", { percent: Math.round((Math.min(counters.accepted, views) / views) * 1000) / 10 })
            : t("viewsHint")
        }
      >
        {format.number(views)}
      </Stat>
      <Stat label={t("accepted")} hint={t("acceptedHint")}>
        {format.number(counters.accepted)}
      </Stat>
      <Stat
        label={t("rejected")}
        hint={total > 0 ? t("rejectedShare", { percent: Math.round((counters.rejected / total) * 100) }) : t("rejectedHint")}
      >
        <span className={counters.rejected > 0 ? "text-red-700" : undefined}>{format.number(counters.rejected)}</span>
      </Stat>
      <Stat label={t("last")} hint={counters.lastReceivedAt ? <LocalTime value={counters.lastReceivedAt} /> : t("nothingYet")}>
        {counters.lastReceivedAt ? <LocalTime value={counters.lastReceivedAt} mode="relative" /> : t("never")}
      </Stat>
    </dl>
  );
}
