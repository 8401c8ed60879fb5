import { currentUser, findWorkspaceAccess, hasRole } from "@/lib/auth/session";
import { AppError, isAppError } from "@/lib/errors";
import { clientIp } from "@/lib/http/request-meta";
import { collectPersonalData } from "@/lib/privacy/personal-data";
import { adminProblemResponse } from "@/lib/request/translate-error";

export const dynamic = "force-dynamic";

/**
 * GET /w/<slug>/leads/<id>/personal-data: the lead page's "Download personal data", one JSON document with
 * everything held about the person (this lead and any other with their email, phone or document).
 * Owners and admins; signed out 401, a member 403, another workspace's lead or workspace 404.
 */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string; id: string }> }): Promise<Response> {
  try {
    const { slug, id } = await params;
    const user = await currentUser();
    if (!user) throw new AppError("unauthorized", "Sign in to download personal data.");
    const access = await findWorkspaceAccess(user.id, slug);
    if (!access) throw new AppError("not_found", "This workspace does not exist.");
    if (!hasRole(access.role, "admin")) throw new AppError("forbidden", "Only owners and admins can download personal data.");
    const document = await collectPersonalData({
      workspaceId: access.workspace.id,
      lookup: { leadId: id },
      actor: { kind: "user", userId: user.id, ip: clientIp(request) },
    });
    return new Response(JSON.stringify(document, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="personal-data-${document.leads[0]?.id ?? id}.json"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (isAppError(error)) return adminProblemResponse(error);
    throw error;
  }
}
