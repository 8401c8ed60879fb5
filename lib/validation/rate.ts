import { z } from "zod";

/** A limit of `points` requests per `seconds`. */
export interface Rate {
  points: number;
  seconds: number;
}

/** The units a rate setting may name, in seconds. */
const UNIT_SECONDS: Record<string, number> = {
  s: 1,
  sec: 1,
  second: 1,
  m: 60,
  min: 60,
  minute: 60,
  h: 3600,
  hour: 3600,
  // As a Portuguese-speaking admin writes them ("5000/hora").
  seg: 1,
  segundo: 1,
  minuto: 60,
  hora: 3600,
};

const UNITS = Object.keys(UNIT_SECONDS).join("|");

/** "<count>/<unit>", e.g. "120/min": the one syntax of INGEST_RATE_LIMIT and a link's own limit. */
const RATE = new RegExp(`^\\s*(\\d+)\\s*/\\s*(${UNITS})\\s*$`, "i");

/** "120/min" → 120 requests per 60 seconds; "off" (or anything that is no rate) → undefined. */
export function parseRate(setting: string): Rate | undefined {
  const match = RATE.exec(setting);
  if (!match) return undefined;
  const seconds = UNIT_SECONDS[match[2]!.toLowerCase()];
  const points = Number(match[1]);
  return seconds && points > 0 ? { points, seconds } : undefined;
}

/** A rate setting as written by an operator or an admin: a rate such as "120/min", "10/s", "5000/hour", or "off". */
export const RateLimitSetting = z
  .string()
  .trim()
  .toLowerCase()
  .regex(new RegExp(`^(off|\\d+\\s*/\\s*(${UNITS}))$`), 'expected "<count>/<s|min|hour>" or "off"');
