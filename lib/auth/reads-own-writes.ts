import { cookies } from "next/headers";
import { onReadsOwnWrites, replicaConfigured } from "@/lib/db/replica";
import { env } from "@/lib/env";

/**
 * Read-your-writes with a replica (DESIGN.md section 17): a server action that may change something marks its
 * member with a short-lived cookie, and for as long as a replica may lag (DATABASE_REPLICA_MAX_LAG) their
 * reads go to the primary, so the page they land on shows their change. Nothing is set without a replica.
 */
const COOKIE = "leadlink-recent-write";

export async function markOwnWrite(): Promise<void> {
  if (!replicaConfigured()) return;
  try {
    (await cookies()).set(COOKIE, "1", {
      maxAge: Math.max(1, Math.ceil(env().DATABASE_REPLICA_MAX_LAG) + 1),
      httpOnly: true,
      sameSite: "lax",
      path: "/",
    });
  } catch {
    // Outside a server action or route handler (a page render): cookies cannot be set, nothing to mark.
  }
}

onReadsOwnWrites(async () => {
  try {
    return (await cookies()).has(COOKIE);
  } catch {
    return false; // outside a request (the CLI, a job): no member to read their own writes
  }
});
