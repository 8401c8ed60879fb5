import { AppError } from "@/lib/errors";

/**
 * Time zones as the admin uses them: the viewer's zone (from the browser, see components/ui/viewer.tsx)
 * decides where a day starts and ends on the dashboard and in the leads' date filters, and how times
 * read. A zone name reaches SQL only as a bound parameter, and only after isTimeZone() accepted it.
 */

/** The cookie in which the browser tells the server its IANA time zone (set by components/ui/viewer.tsx). */
export const TIME_ZONE_COOKIE = "leadlink-tz";

export const DEFAULT_TIME_ZONE = "UTC";

/** IANA names are ASCII letters, digits, `_`, `+`, `-` and `/` ("America/Sao_Paulo", "Etc/GMT+3"). */
const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** Zones of the IANA database proper, which PostgreSQL's tz database (server and embedded) also knows. */
let ianaZones: ReadonlySet<string> | undefined;

/** Fixed offsets: IANA keeps them under Etc/ (sign inverted, "Etc/GMT+3" is UTC-3), outside supportedValuesOf. */
const FIXED_OFFSET = /^Etc\/GMT[+-]\d{1,2}$/;

/** canonicalTimeZone's answers by name (bounded: the names come from requests). */
const canonical = new Map<string, string | undefined>();
const MAX_CANONICAL = 1_000;

/**
 * The zone's canonical IANA name when `name` is one this runtime knows, else undefined. ICU also accepts
 * names outside the IANA database ("SystemV/AST4") that PostgreSQL would refuse mid-query: only what
 * resolves to an IANA zone (or a fixed Etc offset) is accepted.
 */
export function canonicalTimeZone(name: string | undefined | null): string | undefined {
  if (!name || !ZONE_SHAPE.test(name)) return undefined;
  // Every page asks for the viewer's zone: resolving one makes an Intl formatter, so answers are kept.
  if (canonical.has(name)) return canonical.get(name);
  if (canonical.size >= MAX_CANONICAL) canonical.clear();
  const zone = resolveTimeZone(name);
  canonical.set(name, zone);
  return zone;
}

function resolveTimeZone(name: string): string | undefined {
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    // "Etc/UTC", "Etc/GMT" and friends read better as UTC, and PostgreSQL knows "UTC" under every build.
    if (/^(Etc\/)?(UTC|GMT|UCT|Zulu|Universal|Greenwich)(\+0|-0|0)?$/i.test(resolved)) return "UTC";
    ianaZones ??= new Set(Intl.supportedValuesOf("timeZone"));
    return ianaZones.has(resolved) || FIXED_OFFSET.test(resolved) ? resolved : undefined;
  } catch {
    return undefined;
  }
}

export function isTimeZone(name: string | undefined | null): name is string {
  return canonicalTimeZone(name) !== undefined;
}

/** The calendar day (YYYY-MM-DD) that `instant` falls on in `timeZone`. */
export function dayIn(timeZone: string, instant: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** The zone's offset at `instant` as people read it: "GMT-3", "GMT+5:30"; "UTC" for UTC. */
export function zoneOffset(timeZone: string, instant: Date = new Date()): string {
  if (timeZone === "UTC") return "UTC";
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "shortOffset" })
    .formatToParts(instant)
    .find((piece) => piece.type === "timeZoneName");
  return part?.value === "GMT" ? "GMT+0" : (part?.value ?? timeZone);
}

/**
 * IANA names spell their city in ASCII ("Sao_Paulo"); these are the cities of the zones our users live in (and
 * their neighbours') that are written with accents, as CLDR's exemplar cities spell them in English and in
 * Portuguese alike. Intl exposes no exemplar cities, only zone names such as "Horário Padrão de Brasília",
 * which name a whole region and would call São Paulo, Belém and Maceió the same.
 */
const ACCENTED_CITIES: Readonly<Record<string, string>> = {
  Sao_Paulo: "São Paulo",
  Belem: "Belém",
  Maceio: "Maceió",
  Araguaina: "Araguaína",
  Santarem: "Santarém",
  Cuiaba: "Cuiabá",
  Eirunepe: "Eirunepé",
  Bogota: "Bogotá",
  Asuncion: "Asunción",
  Cancun: "Cancún",
  Merida: "Mérida",
  Mazatlan: "Mazatlán",
  Curacao: "Curaçao",
};

/** The city an IANA zone is named after, as people write it: "America/Sao_Paulo" → "São Paulo". */
function zoneCity(timeZone: string): string {
  const segment = timeZone.split("/").at(-1)!;
  return ACCENTED_CITIES[segment] ?? segment.replace(/_/g, " ");
}

/** The zone named for people: its main city and its offset, "São Paulo time (GMT-3)"; "UTC" for UTC. */
export function zoneLabel(timeZone: string, instant: Date = new Date()): string {
  const parts = zoneParts(timeZone, instant);
  return parts ? `${parts.city} time (${parts.offset})` : "UTC";
}

/**
 * `name` as a canonical zone for the queries, or AppError `validation_failed` (field `timeZone`): a zone
 * name reaches SQL only as a parameter, and only one this runtime (and so PostgreSQL's tz database) knows.
 */
export function requireTimeZone(name: string): string {
  const zone = canonicalTimeZone(name);
  if (zone) return zone;
  throw new AppError("validation_failed", "The time zone is not a known IANA time zone name.", {
    errors: [
      { field: "timeZone", code: "invalid_time_zone", message: "must be an IANA time zone name such as America/Sao_Paulo" },
    ],
  });
}

/** The parts of zoneLabel for a sentence in another language: the zone's city and its offset; null for UTC. */
export function zoneParts(timeZone: string, instant: Date = new Date()): { city: string; offset: string } | null {
  if (timeZone === "UTC") return null;
  return { city: zoneCity(timeZone), offset: zoneOffset(timeZone, instant) };
}
