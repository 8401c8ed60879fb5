import { zoneParts } from "@/lib/time/time-zone";

/** A time zone for people in their language: "São Paulo time (GMT-3)", "horário de São Paulo (GMT-3)", "UTC". */
export function zoneName(t: (key: "zone", values: { city: string; offset: string }) => string, timeZone: string): string {
  const parts = zoneParts(timeZone);
  return parts ? t("zone", parts) : "UTC";
}
