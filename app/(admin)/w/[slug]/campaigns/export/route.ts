import { currentUser, findWorkspaceAccess } from "@/lib/auth/session";
import { AppError, isAppError } from "@/lib/errors";
import { getCampaignReport } from "@/lib/reports/campaign-report";
import { campaignReportCsv, campaignReportXlsx } from "@/lib/reports/campaign-report-file";
import { getRequestLocale } from "@/lib/request/request-locale";
import { adminProblemResponse } from "@/lib/request/translate-error";
import { getWorkspaceSettings } from "@/lib/workspaces/workspace-settings";

export const dynamic = "force-dynamic";

/**
 * GET /w/<slug>/campaigns/export?<the page's choices>&format=csv|xlsx: the campaign report as a download.
 * `xlsx`: headers in the viewer's language; `csv`: the plain CSV for tools (English keys). Not signed in: 401;
 * not a member of the workspace: 404; bad choices: 422 problem+json naming them.
 */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  try {
    const user = await currentUser();
    if (!user) throw new AppError("unauthorized", "Sign in to download reports.");
    const access = await findWorkspaceAccess(user.id, (await params).slug);
    if (!access) throw new AppError("not_found", "This workspace does not exist.");
    const searchParams = new URL(request.url).searchParams;
    const query = Object.fromEntries(
      ["from", "to", "captureLinkId", "touch", "groupBy"].map((key) => [key, searchParams.get(key) ?? undefined]),
    );
    const { timeZone } = await getWorkspaceSettings(access.workspace.id);
    const report = await getCampaignReport(access.workspace.id, query, timeZone);
    const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
    if (searchParams.get("format") === "xlsx") {
      const { filename, buffer } = await campaignReportXlsx(report, await getRequestLocale());
      return new Response(new Uint8Array(buffer), {
        headers: {
          ...headers,
          "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "Content-Disposition": `attachment; filename="${access.workspace.slug}-${filename}"`,
        },
      });
    }
    const { filename, text } = campaignReportCsv(report);
    return new Response(text, {
      headers: {
        ...headers,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${access.workspace.slug}-${filename}"`,
      },
    });
  } catch (error) {
    if (isAppError(error)) return adminProblemResponse(error);
    throw error;
  }
}
