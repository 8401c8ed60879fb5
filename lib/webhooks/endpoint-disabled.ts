import { getDatabase } from "@/lib/db/client";
import { processSingleton } from "@/lib/process-singleton";
import { endpointLabel } from "./webhook-endpoint";

/** Why Leadlink disabled an endpoint: a 410 Gone answer, or 5 days without success and ≥ 10 failed attempts. */
export type DisabledReason = "gone" | "failing";

export interface EndpointDisabledEvent {
  workspaceId: string;
  endpointId: string;
  reason: DisabledReason;
}

type Listener = (event: EndpointDisabledEvent) => void | Promise<void>;

const listeners = processSingleton<Set<Listener>>("webhook-endpoint-disabled", () => new Set());

/**
 * Runs `listener` whenever this process's dispatcher disables an endpoint (e.g. to email the workspace's
 * admins). The endpoint row keeps `disabledReason` and `disabledAt` either way, so the banner does not
 * depend on a listener. Returns a function that removes it.
 */
export function onEndpointDisabled(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the dispatcher after it disabled an endpoint; a listener's failure never reaches delivery. */
export function notifyEndpointDisabled(event: EndpointDisabledEvent, onError: (error: unknown) => void): void {
  for (const listener of listeners) {
    Promise.resolve()
      .then(() => listener(event))
      .catch(onError);
  }
}

export interface DisabledEndpoint {
  id: string;
  url: string;
  reason: DisabledReason;
  disabledAt: string;
}

/** The workspace's endpoints Leadlink disabled and nobody has re-enabled or deleted since: the banner's content. */
export async function listDisabledEndpoints(workspaceId: string): Promise<DisabledEndpoint[]> {
  const { prisma } = await getDatabase();
  const rows = await prisma.webhookEndpoint.findMany({
    where: { workspaceId, enabled: false, disabledReason: { in: ["gone", "failing"] } },
    orderBy: [{ disabledAt: "desc" }, { id: "asc" }],
    select: { id: true, url: true, chatId: true, disabledReason: true, disabledAt: true, updatedAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    // A Telegram endpoint has no URL: named by its chat.
    url: endpointLabel(row),
    reason: row.disabledReason as DisabledReason,
    disabledAt: (row.disabledAt ?? row.updatedAt).toISOString(),
  }));
}
