/**
 * An instant as the wall clock of `timeZone` shows it, as a Date whose UTC fields are that wall clock: what a
 * spreadsheet's date cell holds (Excel dates have no zone; "18/12/2026 14:02" is what the reader's clock said).
 * Offsets are kept per zone and quarter hour (every zone's offset changes on a quarter hour), so a million
 * rows cost a few thousand Intl calls, not two million.
 */
const QUARTER_HOUR = 15 * 60 * 1000;
const offsets = new Map<string, number>();
const MAX_OFFSETS = 50_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function offsetAt(timeZone: string, instant: number): number {
  const bucket = Math.floor(instant / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${timeZone}@${bucket}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(bucket).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  const offset = wall - bucket;
  if (offsets.size >= MAX_OFFSETS) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

export function wallClock(instant: Date, timeZone: string): Date {
  const time = instant.getTime();
  return new Date(time + offsetAt(timeZone, time));
}
