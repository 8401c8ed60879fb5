import { describe, expect, it } from "vitest";
import { nextRetryDelay, parseRetryAfter, parseSchedule } from "@/lib/outbox/retry-schedule";

describe("retry schedule", () => {
  it("is DESIGN.md section 7's by default: 9 waits, about 3 days in all", () => {
    const schedule = parseSchedule("5s,5m,30m,2h,5h,10h,14h,20h,24h");
    expect(schedule).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000]);
    const days = schedule.reduce((sum, wait) => sum + wait, 0) / 86_400_000;
    expect(days).toBeGreaterThan(3);
    expect(days).toBeLessThan(3.2);
  });

  it("waits the schedule's delay after each failed attempt, and says when it is used up", () => {
    const schedule = parseSchedule("1s,2s,4s");
    expect([1, 2, 3, 4].map((attempt) => nextRetryDelay(attempt, undefined, schedule))).toEqual([1_000, 2_000, 4_000, undefined]);
  });

  it("never retries sooner than Retry-After, but keeps a longer scheduled wait", () => {
    const schedule = parseSchedule("1s,10m");
    expect(nextRetryDelay(1, 30_000, schedule)).toBe(30_000);
    expect(nextRetryDelay(2, 30_000, schedule)).toBe(600_000);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-11-24T12:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Tue, 24 Nov 2026 12:01:00 GMT", now)).toBe(60_000);
    expect(parseRetryAfter("Tue, 24 Nov 2026 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it("refuses a malformed schedule", () => {
    expect(() => parseSchedule("1s,fast")).toThrow(/invalid retry delay/);
  });
});
