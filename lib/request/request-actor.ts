import type { AuditActor } from "@/lib/audit/record";
import { clientIpOf } from "@/lib/http/request-meta";

/** The IP of the request a server action or an admin route serves (for its audit entry). */
export async function requestIp(): Promise<string | null> {
  // Loaded when called, inside a request: modules that import this one stay loadable outside one.
  const { headers } = await import("next/headers");
  return clientIpOf(await headers());
}

/** The signed-in user acting in a server action or an admin route, with their IP. */
export async function userActor(userId: string): Promise<AuditActor> {
  return { kind: "user", userId, ip: await requestIp() };
}
