import { UTM_KEYS, type UtmKey } from "@/lib/leads/lead-keys";
import { checkText } from "@/lib/normalise/text";

export type UtmValues = Partial<Record<UtmKey, string>>;

/**
 * The UTM values of a body that may be invalid as a whole, as far as they are usable strings:
 * even a rejected submission keeps its campaign, so the log shows which campaign sends bad data.
 */
export function utmOf(body: unknown): UtmValues {
  const values: UtmValues = {};
  if (typeof body !== "object" || body === null) return values;
  for (const key of UTM_KEYS) {
    const raw = (body as Record<string, unknown>)[key];
    if (typeof raw !== "string") continue;
    const text = checkText(raw);
    if (text.ok && text.value !== undefined) values[key] = text.value;
  }
  return values;
}
