import { clientIpOf } from "@/lib/http/request-meta";
import type { AuditActor } from "./record";

/** The signed-in user acting in a server action or an admin route, with their IP. */
export async function userActor(userId: string): Promise<AuditActor> {
  // Loaded when called, inside a request: modules that import this one stay loadable outside one.
  const { headers } = await import("next/headers");
  return { kind: "user", userId, ip: clientIpOf(await headers()) };
}
