import { utcDay } from "@/lib/time/utc-day";
import { absent, invalid, type Normalised, valid } from "./result";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "YYYY-MM-DD" when it names a real calendar day (no 2023-02-29), else undefined. */
export function parseCalendarDate(input: string): string | undefined {
  const match = ISO_DATE.exec(input);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? input : undefined;
}

/** A date of birth: a real date, from 1900 on, not after today (UTC). */
export function normaliseBirthday(input: string, today = new Date()): Normalised<string> {
  if (input === "") return absent;
  const date = parseCalendarDate(input);
  if (!date) return invalid("invalid_date", "must be a real calendar date in the form YYYY-MM-DD");
  if (date < "1900-01-01") return invalid("date_out_of_range", "must not be before 1900-01-01");
  if (date > utcDay(today)) return invalid("date_out_of_range", "must not be in the future");
  return valid(date);
}
