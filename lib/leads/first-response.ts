import { Prisma } from "@/lib/db/generated/client";

/**
 * A lead's first response (DESIGN.md section 16): the first status change away from `new`, or the first note,
 * **by a member**. A change made with an API key is an integration's (a CRM syncing back, a script), not a
 * member answering the lead, so it does not count. A change to any status other than `new` counts (so a lead
 * an integration moved on first is still answered when a member next moves it). Written once, by the
 * statement that makes the change, so it is in the same transaction; later responses leave it as it was.
 */
export function firstResponseSet(respond: boolean): Prisma.Sql {
  return respond ? Prisma.sql`, first_response_at = coalesce(first_response_at, now())` : Prisma.empty;
}

/** Whether a status change to `status` by this actor is a response. */
export function isResponse(actorUserId: string | null | undefined, status: string): boolean {
  return Boolean(actorUserId) && status !== "new";
}
