/** A UTC day (YYYY-MM-DD) for reading, in UTC whatever the reader's or the server's time zone. */
export function formatDay(day: string, options: Intl.DateTimeFormatOptions = { month: "short", day: "numeric" }): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en", { timeZone: "UTC", ...options });
}
