import { apiMethodNotAllowed, apiRoute } from "@/lib/api/api-route";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import type { WebhookEndpointInput } from "@/lib/webhooks/endpoint-input";
import { listEndpoints } from "@/lib/webhooks/list-endpoints";

export const dynamic = "force-dynamic";

/** GET /api/v1/webhooks: the workspace's endpoints, header values masked. */
export const GET = apiRoute("read", async ({ caller }) => ({
  status: 200,
  body: { data: await listEndpoints(caller.workspaceId) },
}));

/** POST /api/v1/webhooks: subscribe (REST hooks for Zapier and n8n); the secret is in this answer only. */
export const POST = apiRoute("admin", async ({ caller, actor, json }) => ({
  status: 201,
  body: await createEndpoint(caller.workspaceId, (await json()) as WebhookEndpointInput, actor),
}));

const notAllowed = apiMethodNotAllowed("GET, POST");
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
