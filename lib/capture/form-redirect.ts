import { isFormMediaType } from "@/lib/capture/html-forms/read-submission-body";
import { env } from "@/lib/env";
import type { AppError } from "@/lib/errors";
import type { CaptureLinkContext } from "@/lib/ingest/capture-context";
import { usableRedirect } from "@/lib/links/form-settings";

export const THANKS_PATH = "/forms/thanks";
export const FORM_ERROR_PATH = "/forms/error";

/** At most this many field names go into an error redirect's query (a body may have hundreds of bad fields). */
const MAX_FIELDS = 20;

/**
 * Whether a capture request is a browser's form post to be answered with a 303 (DESIGN.md section 11): the
 * link accepts forms, the body is a form, and the sender did not ask for JSON with `Accept`.
 */
export function answersWithRedirect(request: Request, link: CaptureLinkContext | undefined): link is CaptureLinkContext {
  if (!link?.acceptForms) return false;
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!isFormMediaType(mediaType)) return false;
  const accept = (request.headers.get("accept") ?? "").toLowerCase();
  return !accept.includes("application/json") && !accept.includes("application/problem+json");
}

/**
 * A built-in page's address: under PUBLIC_BASE_URL when it is set, else relative, which the browser resolves
 * against the capture URL it just posted to (the request's own Host is never trusted to build an absolute URL).
 */
function builtInPage(path: string): URL {
  return new URL(path, env().PUBLIC_BASE_URL ?? "http://relative.invalid");
}

/** An http(s) address, else undefined: the only kind a "back" link may point to. */
export function httpAddress(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href.slice(0, 1_000) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A built-in page for this link (DESIGN.md section 12): `link` names the form, so the page carries the
 * business's name, colour and logo in the form's language; `back` is the page the visitor posted from (the
 * Referer, which a browser sends as the origin alone across sites), for the link back to it.
 */
function brandedPage(path: string, link: CaptureLinkContext, referer: string | null): URL {
  const url = builtInPage(path);
  url.searchParams.set("link", link.token);
  const back = httpAddress(referer);
  if (back) url.searchParams.set("back", back);
  return url;
}

function location(url: URL): string {
  return url.origin === "http://relative.invalid" ? `${url.pathname}${url.search}` : url.href;
}

function seeOther(url: URL, headers: Record<string, string>): Response {
  return new Response(null, {
    status: 303,
    headers: { ...headers, Location: location(url), "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}

/**
 * An accepted form post (or a bot's, answered alike): to the form settings' success URL, else the link's, else the
 * built-in thank-you page.
 */
export function successRedirect(
  link: CaptureLinkContext,
  headers: Record<string, string>,
  referer: string | null = null,
): Response {
  const target = usableRedirect(link.formSuccessUrl, link.allowedOrigins) ?? usableRedirect(link.successUrl, link.allowedOrigins);
  return seeOther(target ? new URL(target) : brandedPage(THANKS_PATH, link, referer), headers);
}

/** The names of a refusal's invalid fields, each once, as the `fields` query parameter lists them. */
export function refusedFields(error: AppError): string[] {
  return [...new Set((error.errors ?? []).map((issue) => issue.field).filter(Boolean))].slice(0, MAX_FIELDS);
}

/**
 * A refused form post: to the link's error URL, or the built-in page that lists what to fix, with
 * `?error=<code>&fields=<names>` (field names comma-separated, as `errors[].field` names them).
 */
export function errorRedirect(
  link: CaptureLinkContext,
  error: AppError,
  headers: Record<string, string>,
  referer: string | null = null,
): Response {
  const target = usableRedirect(link.errorUrl, link.allowedOrigins);
  const url = target ? new URL(target) : brandedPage(FORM_ERROR_PATH, link, referer);
  url.searchParams.delete("error");
  url.searchParams.delete("fields");
  // Commas stay literal between the names (each name percent-encoded on its own), as people read and split them.
  const fields = refusedFields(error).map(encodeURIComponent).join(",");
  const query = `error=${encodeURIComponent(error.code)}&fields=${fields}`;
  url.search = url.search ? `${url.search}&${query}` : `?${query}`;
  const retry: Record<string, string> =
    error.retryAfter !== undefined ? { "Retry-After": String(Math.max(1, Math.ceil(error.retryAfter))) } : {};
  return seeOther(url, { ...headers, ...retry });
}
