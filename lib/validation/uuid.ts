import { z } from "zod";

/**
 * A UUID in any version: the one guard for ids (gen_random_uuid() or crypto.randomUUID()) that come from
 * outside, since PostgreSQL rejects anything else compared with a uuid column.
 */
export function uuidSchema(message?: string) {
  return z.guid(message);
}

const UUID = uuidSchema();

export function isUuid(value: unknown): value is string {
  return UUID.safeParse(value).success;
}

/** An id as typed (trimmed, lower-cased, as stored), or undefined when no row can have it. */
export function uuidOrUndefined(value: string): string | undefined {
  const id = value.trim().toLowerCase();
  return isUuid(id) ? id : undefined;
}
