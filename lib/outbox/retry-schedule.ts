import { env } from "@/lib/env";

/** DESIGN.md section 7: the waits after the 1st, 2nd, … failed attempt (about 3 days in all); then `failed`. */
const DEFAULT_SCHEDULE = "5s,5m,30m,2h,5h,10h,14h,20h,24h";
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;

export function parseSchedule(text: string): number[] {
  return text.split(",").map((part) => {
    const match = /^(\d+)(ms|s|m|h)$/.exec(part.trim());
    if (!match) throw new Error(`invalid retry delay "${part}"`);
    return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  });
}

/** The schedule in force: WEBHOOK_RETRY_SCHEDULE (tests) or the default. */
export function retrySchedule(): number[] {
  return parseSchedule(env().WEBHOOK_RETRY_SCHEDULE ?? DEFAULT_SCHEDULE);
}

/**
 * How long to wait before the next attempt after failed attempt number `attempt` (1-based), never less than
 * the receiver's Retry-After; undefined when the schedule is used up (the message has failed).
 */
export function nextRetryDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  schedule = retrySchedule(),
): number | undefined {
  const delay = schedule[attempt - 1];
  if (delay === undefined) return undefined;
  return Math.max(delay, retryAfterMs ?? 0);
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1_000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
