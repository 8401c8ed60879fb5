import { apiMethodNotAllowed, apiRoute } from "@/lib/api/api-route";
import { getCampaignReport } from "@/lib/reports/campaign-report";
import { getWorkspaceSettings } from "@/lib/workspaces/workspace-settings";

export const dynamic = "force-dynamic";

/** GET /api/v1/reports/campaigns: leads of a period by UTM source, medium or campaign, and what became of them. */
export const GET = apiRoute("read", async ({ caller, request }) => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const { timeZone } = await getWorkspaceSettings(caller.workspaceId);
  return { status: 200, body: await getCampaignReport(caller.workspaceId, query, timeZone) };
});

const notAllowed = apiMethodNotAllowed("GET");
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
