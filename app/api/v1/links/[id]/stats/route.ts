import { apiMethodNotAllowed, apiRoute } from "@/lib/api/api-route";
import { getLinkStats } from "@/lib/reports/link-stats";
import { getWorkspaceSettings } from "@/lib/workspaces/workspace-settings";

export const dynamic = "force-dynamic";

/** GET /api/v1/links/{id}/stats: the link's views, leads, rejected and spam per day of the workspace's zone. */
export const GET = apiRoute<{ id: string }>("read", async ({ caller, params, request }) => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const { timeZone } = await getWorkspaceSettings(caller.workspaceId);
  return { status: 200, body: await getLinkStats(caller.workspaceId, params.id, query, timeZone) };
});

const notAllowed = apiMethodNotAllowed("GET");
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
