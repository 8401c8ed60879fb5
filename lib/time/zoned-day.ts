/**
 * Where a calendar day of a time zone starts and ends, as instants (a digest's window, DESIGN.md section 13).
 * Worked out with Intl, so a zone's daylight-saving changes are followed as on screen.
 */

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetMs(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((piece) => piece.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant the day `day` (YYYY-MM-DD) begins in `timeZone`: midnight there. */
export function dayStartIn(timeZone: string, day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  // Twice: the offset at the first guess can differ from the offset at local midnight near a change.
  const guess = midnightUtc - offsetMs(timeZone, midnightUtc);
  return new Date(midnightUtc - offsetMs(timeZone, guess));
}

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The window of a day of `timeZone`: from its midnight to the next one's (23 or 25 hours on a change of clocks). */
export function dayWindowIn(timeZone: string, day: string): { start: Date; end: Date } {
  return { start: dayStartIn(timeZone, day), end: dayStartIn(timeZone, nextDay(day)) };
}
