/** What a normaliser returns: the canonical value, nothing (the field counts as not sent), or why it is invalid. */
export type Normalised<T> = { ok: true; value: T | undefined } | { ok: false; code: string; message: string };

export const absent = { ok: true, value: undefined } as const;

export function valid<T>(value: T): Normalised<T> {
  return { ok: true, value };
}

export function invalid(code: string, message: string): Normalised<never> {
  return { ok: false, code, message };
}
