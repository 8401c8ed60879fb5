import { loadHostedForm } from "@/lib/capture/hosted-form/load-hosted-form";
import { cachedLogo, LOGO_TTL_MS } from "@/lib/capture/hosted-form/logo-cache";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { problemResponse } from "@/lib/http/problem";

export const dynamic = "force-dynamic";

/**
 * GET /f/<token>/logo: the hosted form's logo, served from here (DESIGN.md section 12: no asset from another
 * host). Fetched on the server from the form's `theme.logoUrl` (SSRF-safe, 1 MB, PNG, JPEG, GIF or WebP)
 * and cached; 404 problem+json when the link has no logo or it cannot be fetched.
 */
export async function GET(_request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await context.params;
  const form = await loadHostedForm(await getDatabase(), token);
  if (!form) return problemResponse(new AppError("capture_link_not_found", "No capture link has this token."));
  const url = form.theme.logoUrl;
  const logo = url?.startsWith("https://") || url?.startsWith("http://") ? await cachedLogo(form, url) : undefined;
  if (!logo?.ok) return problemResponse(new AppError("not_found", "This form has no logo that can be shown."));
  return new Response(new Uint8Array(logo.bytes), {
    status: 200,
    headers: {
      "content-type": logo.type,
      "content-length": String(logo.bytes.length),
      "cache-control": `public, max-age=${LOGO_TTL_MS / 1000}`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
}
