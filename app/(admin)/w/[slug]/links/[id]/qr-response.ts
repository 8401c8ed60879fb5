import { currentUser, findWorkspaceAccess } from "@/lib/auth/session";
import { AppError, isAppError } from "@/lib/errors";
import { linkQrCode, type QrFormat } from "@/lib/links/link-qr-code";
import { adminProblemResponse } from "@/lib/request/translate-error";
import { requestBaseUrl } from "../request-base-url";

/**
 * GET /w/<slug>/links/<id>/qr.svg|qr.png: the QR code of the link's hosted form, as a download. Any member
 * (the link page shows it to all); signed out 401, another workspace's link or workspace 404.
 */
export async function qrResponse(params: Promise<{ slug: string; id: string }>, format: QrFormat): Promise<Response> {
  try {
    const { slug, id } = await params;
    const user = await currentUser();
    if (!user) throw new AppError("unauthorized", "Sign in to download the QR code.");
    const access = await findWorkspaceAccess(user.id, slug);
    if (!access) throw new AppError("not_found", "This workspace does not exist.");
    const qr = await linkQrCode(access.workspace.id, id, format, { baseUrl: await requestBaseUrl() });
    return new Response(qr.body as BodyInit, {
      headers: {
        "Content-Type": qr.contentType,
        "Content-Disposition": `attachment; filename="${qr.filename}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (isAppError(error)) return adminProblemResponse(error);
    throw error;
  }
}
