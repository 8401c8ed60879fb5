import { recordAudit } from "@/lib/audit/record";
import { currentUser, findWorkspaceAccess } from "@/lib/auth/session";
import { AppError, isAppError } from "@/lib/errors";
import { clientIp } from "@/lib/http/request-meta";
import { exportLeads } from "@/lib/leads/export-leads";
import { leadFilterParams } from "@/lib/leads/lead-filter";
import { excelLocale } from "@/lib/request/excel-locale";
import { adminProblemResponse } from "@/lib/request/translate-error";
import { getViewer } from "@/lib/request/viewer";

export const dynamic = "force-dynamic";

/**
 * GET /w/<slug>/leads/export?<the leads page's filter>: the matching leads as a CSV download, streamed.
 * Not signed in: 401 (a download link, not a page, so no redirect); not a member of the workspace: 404.
 */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  try {
    const user = await currentUser();
    if (!user) throw new AppError("unauthorized", "Sign in to export leads.");
    const access = await findWorkspaceAccess(user.id, (await params).slug);
    if (!access) throw new AppError("not_found", "This workspace does not exist.");
    // The date filter's days are the viewer's, as on the leads page the download link came from.
    // `format=excel`: a BOM and the separator of the viewer's language (export-leads.ts), from the export dialog.
    const [{ timeZone }, locale] = await Promise.all([getViewer(), excelLocale()]);
    const searchParams = new URL(request.url).searchParams;
    const { filename, chunks } = await exportLeads(access.workspace.id, leadFilterParams(searchParams), {
      timeZone,
      locale,
      flavour: searchParams.get("format") === "excel" ? "excel" : "plain",
    });
    await recordAudit(
      { kind: "user", userId: user.id, ip: clientIp(request) },
      {
        workspaceId: access.workspace.id,
        action: "leads.exported",
        // The filter's names only: a search may be a person's name or email.
        details: {
          filters: [...searchParams.keys()].filter((key) => key !== "format"),
          format: searchParams.get("format") ?? "csv",
        },
      },
    );

    const encoder = new TextEncoder();
    // pull(): the next batch is read only when the client has taken the previous one (backpressure).
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${access.workspace.slug}-${filename}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (isAppError(error)) return adminProblemResponse(error);
    throw error;
  }
}
