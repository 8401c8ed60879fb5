import { canonicalTimeZone, zoneOffset } from "./time-zone";

/**
 * The zones a workspace may choose (its settings page): UTC, then every canonical IANA zone this runtime
 * knows (the same names canonicalTimeZone accepts, so PostgreSQL knows them too), each with its offset now,
 * "America/Sao_Paulo (GMT-3)". `current` is kept in the list even if it is a fixed offset outside it.
 */
export function timeZoneChoices(current: string, now: Date = new Date()): { value: string; label: string }[] {
  const zones = new Set<string>(["UTC"]);
  for (const name of Intl.supportedValuesOf("timeZone")) {
    if (canonicalTimeZone(name) === name) zones.add(name);
  }
  zones.add(current);
  return [...zones].map((zone) => ({
    value: zone,
    // The IANA name as it is (an identifier, the same in every language: "America/Port_of_Spain"), and its offset.
    label: zone === "UTC" ? "UTC" : `${zone} (${zoneOffset(zone, now)})`,
  }));
}
