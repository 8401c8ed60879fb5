import { getDatabase } from "@/lib/db/client";
import { replicaStatus } from "@/lib/db/replica";
import { AppError } from "@/lib/errors";
import { jsonResponse, problemResponse } from "@/lib/http/problem";

// Answers from the live database on every call; never prerendered or cached.
export const dynamic = "force-dynamic";

/**
 * A load balancer's check gives up after a few seconds; answer 503 before it does. The pool's own
 * timeouts (lib/db/client.ts) answer sooner; this bounds the embedded database and anything they miss.
 */
const CHECK_TIMEOUT_MS = 4_000;

async function pingDatabase() {
  const database = await getDatabase();
  await database.prisma.$queryRaw`SELECT 1`;
  return database.kind;
}

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error("database check timed out")), ms).unref());
}

/**
 * Liveness and readiness in one: 200 when the database answers `SELECT 1`, else 503 (problem+json). With a
 * replica (DATABASE_REPLICA_URL), also its state and lag: reads fall back to the primary when it is down or
 * lagging, so neither makes this instance unready.
 */
export async function GET(): Promise<Response> {
  try {
    const [database, replica] = await Promise.all([
      Promise.race([pingDatabase(), timeout(CHECK_TIMEOUT_MS)]),
      replicaStatus().then((status) => status && { state: status.state, lagSeconds: status.lagSeconds }),
    ]);
    return jsonResponse(200, { status: "ok", database, ...(replica ? { replica } : {}) });
  } catch (cause) {
    const error = new AppError("service_unavailable", "The database cannot be reached. Retry later.", { retryAfter: 5, cause });
    return problemResponse(error);
  }
}
