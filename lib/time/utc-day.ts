/** The UTC calendar day of an instant, "YYYY-MM-DD": a `date` column's value, or today as the server's clock has it. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
