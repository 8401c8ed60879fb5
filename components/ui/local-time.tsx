"use client";

type Mode = "datetime" | "date" | "relative";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

function relative(date: Date): string {
  const seconds = (date.getTime() - Date.now()) / 1000;
  if (Math.abs(seconds) < 45) return "just now";
  const [unit, size] = UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ["second", 1];
  return new Intl.RelativeTimeFormat(undefined, { numeric: "auto" }).format(Math.round(seconds / size), unit);
}

function format(date: Date, mode: Mode): string {
  if (mode === "relative") return relative(date);
  if (mode === "date") return date.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
  return date.toLocaleString(undefined, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

/**
 * A moment in the reader's own time zone and language. The server renders it in its own (UTC); the
 * browser's rendering replaces that text when the page hydrates, hence the suppressed warning.
 */
export function LocalTime({ value, mode = "datetime", className }: { value: string | Date; mode?: Mode; className?: string }) {
  const date = new Date(value);
  return (
    <time dateTime={date.toISOString()} title={date.toISOString()} className={className} suppressHydrationWarning>
      {format(date, mode)}
    </time>
  );
}
