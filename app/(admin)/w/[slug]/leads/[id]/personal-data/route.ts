import { currentUser, findWorkspaceAccess, hasRole } from "@/lib/auth/session";
import { AppError, isAppError } from "@/lib/errors";
import { clientIp } from "@/lib/http/request-meta";
import { collectPersonalData } from "@/lib/privacy/personal-data";
import { personalDataStatement } from "@/lib/privacy/personal-data-statement";
import { adminProblemResponse } from "@/lib/request/translate-error";
import { getViewer } from "@/lib/request/viewer";

export const dynamic = "force-dynamic";

function clientActor(userId: string, request: Request) {
  return { kind: "user" as const, userId, ip: clientIp(request) };
}

/**
 * GET /w/<slug>/leads/<id>/personal-data: the lead page's "Download personal data", one JSON document with
 * everything held about the person (this lead and any other with their email, phone or document).
 * `?format=html`: the same as a printable statement in the workspace's language (LGPD art. 19), shown inline.
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
    const query = { workspaceId: access.workspace.id, lookup: { leadId: id }, actor: clientActor(user.id, request) };
    if (new URL(request.url).searchParams.get("format") === "html") {
      const { html } = await personalDataStatement({ ...query, viewerTimeZone: (await getViewer()).timeZone });
      return new Response(html, {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Disposition": `inline; filename="personal-data-${id}.html"`,
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
          // Nothing in the statement runs or loads: its only style is inline.
          "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        },
      });
    }
    const document = await collectPersonalData(query);
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
