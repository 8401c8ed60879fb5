"use client";

import clsx from "clsx";
import { useTranslations } from "next-intl";
import { type KeyboardEvent, type PointerEvent, useId, useState } from "react";
import { useViewer } from "@/components/ui/viewer";
import { formatCount, formatDay } from "@/lib/time/format-time";

export interface DailyCount {
  /** A day of the viewer's time zone, YYYY-MM-DD. */
  day: string;
  leads: number;
}

/** Up to 5 gridline steps whose top is a round number at or above `max`. */
function scale(max: number): { top: number; ticks: number[] } {
  if (max <= 0) return { top: 4, ticks: [0, 1, 2, 3, 4] };
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10]
      .map((factor) => factor * magnitude)
      .find((candidate) => candidate >= rough && Number.isInteger(candidate)) ?? Math.ceil(rough);
  const top = Math.ceil(max / step) * step;
  return { top, ticks: Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step) };
}

const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric", year: "numeric" };

/** About six evenly spread day labels under the bars. */
function labelIndexes(count: number): number[] {
  if (count <= 7) return Array.from({ length: count }, (_, index) => index);
  const labels = 6;
  return Array.from(new Set(Array.from({ length: labels }, (_, index) => Math.round((index * (count - 1)) / (labels - 1)))));
}

/**
 * Leads per day (of the viewer's time zone) as a bar chart, dates and numbers in the viewer's language. The SVG is an image with a title and a summary for screen readers; the
 * plot takes the keyboard focus, arrow keys (Home, End) move between days and a polite live region reads
 * the day out, as the tooltip shows it to pointer users.
 */
export function DailyLeadsChart({ data, title, summary }: { data: DailyCount[]; title: string; summary: string }) {
  const id = useId();
  const { locale } = useViewer();
  const t = useTranslations("dashboard");
  const leadsText = (count: number) => t("leads", { count });
  const [active, setActive] = useState<number | null>(null);
  const { top, ticks } = scale(Math.max(0, ...data.map((point) => point.leads)));
  const count = data.length;
  const slot = 10;
  const gap = count > 120 ? 0.8 : count > 45 ? 1.6 : 2.4;
  const width = count * slot;
  const current = active === null ? null : data[active];

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const last = count - 1;
    const from = active ?? last;
    const next = { ArrowLeft: Math.max(0, from - 1), ArrowRight: Math.min(last, from + 1), Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(active === null && (event.key === "ArrowLeft" || event.key === "ArrowRight") ? last : next);
  }

  function point(event: PointerEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.floor(((event.clientX - box.left) / box.width) * count);
    setActive(Math.min(count - 1, Math.max(0, index)));
  }

  const left = active === null ? 0 : ((active + 0.5) / count) * 100;
  return (
    <figure className="select-none">
      <div className="flex gap-3">
        <div aria-hidden className="relative h-56 w-10 shrink-0 text-right text-xs tabular-nums text-slate-500 sm:h-64">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-0 leading-4" style={{ bottom: `calc(${(tick / top) * 100}% - 0.5rem)` }}>
              {formatCount(tick, locale)}
            </span>
          ))}
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a chart, not a form group (no fieldset); focusable (see biome.json) so the arrow keys read it day by day */}
        <div
          role="group"
          tabIndex={0}
          aria-label={t("perDay.keys", { title })}
          aria-describedby={`${id}-desc`}
          data-testid="daily-chart"
          onKeyDown={move}
          onPointerMove={point}
          onPointerLeave={() => setActive(null)}
          onBlur={() => setActive(null)}
          className="relative h-56 min-w-0 flex-1 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600 sm:h-64"
        >
          <svg
            role="img"
            aria-labelledby={`${id}-title ${id}-desc`}
            viewBox={`0 0 ${width} 100`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full overflow-visible"
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{summary}</desc>
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={width}
                y1={100 - (tick / top) * 100}
                y2={100 - (tick / top) * 100}
                vectorEffect="non-scaling-stroke"
                className={tick === 0 ? "stroke-slate-300" : "stroke-slate-100"}
                strokeWidth={1}
              />
            ))}
            {data.map((point, index) => {
              const height = (point.leads / top) * 100;
              return (
                <rect
                  key={point.day}
                  data-day={point.day}
                  data-leads={point.leads}
                  x={index * slot + gap / 2}
                  width={slot - gap}
                  y={100 - height}
                  height={height}
                  rx={count > 120 ? 0 : 1.5}
                  className={clsx("transition-colors", index === active ? "fill-indigo-700" : "fill-indigo-500")}
                />
              );
            })}
          </svg>
          {current ? (
            <div
              aria-hidden
              className={clsx(
                "pointer-events-none absolute top-0 z-10 whitespace-nowrap rounded-md bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-lg",
                left < 15 ? "translate-x-0" : left > 85 ? "-translate-x-full" : "-translate-x-1/2",
              )}
              style={{ left: `${left}%` }}
              data-testid="chart-tooltip"
            >
              <div className="font-medium">{formatDay(current.day, locale, LONG_DAY)}</div>
              <div className="text-slate-300">{leadsText(current.leads)}</div>
            </div>
          ) : null}
          {current ? (
            <div
              aria-hidden
              className="pointer-events-none absolute inset-y-0 w-px bg-slate-300/60"
              style={{ left: `${left}%` }}
            />
          ) : null}
        </div>
      </div>
      <div aria-hidden className="relative ml-[3.25rem] mt-2 h-4 text-xs text-slate-500">
        {labelIndexes(count).map((index, position, all) => {
          const at = ((index + 0.5) / count) * 100;
          // Narrow screens keep the first, middle and last labels.
          const narrow = position === 0 || position === all.length - 1 || position === Math.floor((all.length - 1) / 2);
          return (
            <span
              key={index}
              className={clsx(
                "absolute whitespace-nowrap",
                at < 8 ? "" : at > 92 ? "-translate-x-full" : "-translate-x-1/2",
                !narrow && "hidden sm:inline",
              )}
              style={{ left: `${at < 8 ? 0 : at > 92 ? 100 : at}%` }}
            >
              {formatDay(data[index]!.day, locale)}
            </span>
          );
        })}
      </div>
      <p aria-live="polite" className="sr-only">
        {current ? `${formatDay(current.day, locale, LONG_DAY)}: ${leadsText(current.leads)}` : ""}
      </p>
    </figure>
  );
}
