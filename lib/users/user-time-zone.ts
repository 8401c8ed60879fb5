import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { canonicalTimeZone } from "@/lib/time/time-zone";
import { parseInput } from "@/lib/validation/parse-input";
import { TimeZoneName } from "@/lib/validation/time-zone-name";

const UserTimeZoneInput = z.object({ timeZone: TimeZoneName });

/**
 * A member's own time zone (DESIGN.md section 13: "member emails follow the member's language and zone"),
 * chosen on the account page. Null: each workspace's zone for its emails and digests, the browser's in the admin.
 */
export async function findUserTimeZone(userId: string): Promise<string | null> {
  const { prisma } = await getDatabase();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { timeZone: true } });
  return canonicalTimeZone(user?.timeZone) ?? null;
}

/** Stores the user's zone by its canonical name (validated: `validation_failed`, field timeZone); null clears it. */
export async function setUserTimeZone(userId: string, timeZone: string | null): Promise<string | null> {
  const zone = timeZone === null ? null : parseInput(UserTimeZoneInput, { timeZone }, "time zone").timeZone;
  const { prisma } = await getDatabase();
  await prisma.user.updateMany({ where: { id: userId }, data: { timeZone: zone } });
  return zone;
}
