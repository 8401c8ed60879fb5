import { recordAudit } from "@/lib/audit/record";
import { currentUser, findWorkspaceAccess } from "@/lib/auth/session";
import { AppError, isAppError } from "@/lib/errors";
import { readableBody } from "@/lib/http/readable-body";
import { clientIp } from "@/lib/http/request-meta";
import { exportLeads } from "@/lib/leads/export-leads";
import { exportLeadsXlsx } from "@/lib/leads/export-leads-xlsx";
import { leadFilterParams } from "@/lib/leads/lead-filter";
import { excelLocale } from "@/lib/request/excel-locale";
import { getRequestLocale } from "@/lib/request/request-locale";
import { adminProblemResponse } from "@/lib/request/translate-error";
import { getViewer } from "@/lib/request/viewer";

export const dynamic = "force-dynamic";

/**
 * GET /w/<slug>/leads/export?<the leads page's filter>&format=xlsx|csv|excel: the matching leads as a download,
 * streamed. `xlsx`: an Excel workbook in the viewer's language and zone (export-leads-xlsx.ts); `csv` (or no
 * format): the plain CSV for tools; `excel`: the CSV with a BOM and the viewer's separator (DESIGN.md section 10).
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
    const [viewer, locale, language] = await Promise.all([getViewer(), excelLocale(), getRequestLocale()]);
    const { timeZone } = viewer;
    const searchParams = new URL(request.url).searchParams;
    const format = searchParams.get("format");
    const filter = leadFilterParams(searchParams);
    const workbook =
      format === "xlsx"
        ? await exportLeadsXlsx(access.workspace.id, filter, { language, locale: viewer.locale, timeZone })
        : undefined;
    const csv = workbook
      ? undefined
      : await exportLeads(access.workspace.id, filter, {
          timeZone,
          locale,
          flavour: format === "excel" ? "excel" : "plain",
        });
    await recordAudit(
      { kind: "user", userId: user.id, ip: clientIp(request) },
      {
        workspaceId: access.workspace.id,
        action: "leads.exported",
        // The filter's names only: a search may be a person's name or email.
        details: {
          filters: [...searchParams.keys()].filter((key) => key !== "format"),
          format: format ?? "csv",
        },
      },
    );

    if (workbook) {
      return new Response(readableBody(workbook.stream), {
        headers: {
          "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "Content-Disposition": `attachment; filename="${access.workspace.slug}-${workbook.filename}"`,
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    }
    const { filename, chunks } = csv!;
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
