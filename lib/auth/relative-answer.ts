/** `url` as a path when it is on `origin`; anything else unchanged. */
export function relativeUrl(url: string, origin: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.origin !== origin) return url;
    const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
    // A path that starts with two slashes would name another host: keep the absolute form then.
    return path.startsWith("//") ? url : path;
  } catch {
    return url;
  }
}

/**
 * next-auth's answer with the URLs it built on `origin` (its `Location` header, and the `url` of its JSON
 * answers to `json=true` requests) turned into paths.
 */
export async function relativeAnswer(response: Response, origin: string): Promise<Response> {
  const headers = new Headers(response.headers);
  const location = headers.get("location");
  if (location) headers.set("location", relativeUrl(location, origin));
  const init = { status: response.status, statusText: response.statusText, headers };
  if (!headers.get("content-type")?.includes("application/json")) return new Response(response.body, init);
  const text = await response.text();
  let body = text;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object" && typeof (parsed as { url?: unknown }).url === "string") {
      body = JSON.stringify({ ...parsed, url: relativeUrl((parsed as { url: string }).url, origin) });
    }
  } catch {
    // not JSON after all: passed on as it was
  }
  headers.delete("content-length");
  return new Response(body, init);
}
