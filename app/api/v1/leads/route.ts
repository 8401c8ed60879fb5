import { apiMethodNotAllowed, apiRoute } from "@/lib/api/api-route";
import { listApiLeads } from "@/lib/leads/list-api-leads";

export const dynamic = "force-dynamic";

/** GET /api/v1/leads: keyset pages of the key's workspace's leads (lib/leads/list-api-leads.ts). */
export const GET = apiRoute("read", async ({ caller, request }) => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return { status: 200, body: await listApiLeads(caller.workspaceId, query) };
});

const notAllowed = apiMethodNotAllowed("GET");
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
