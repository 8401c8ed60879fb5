import { headers } from "next/headers";

/**
 * The address the admin reached this server at, for capture URLs when PUBLIC_BASE_URL is not set: the
 * URL an admin copies then works from where they stand, instead of pointing at a port inside a container.
 * scripts/server.mjs makes the forwarded headers describe the real connection unless TRUST_PROXY=1.
 * Unlike lib/http/public-base-url.ts, the Host may be used here: the URL is only shown to the signed-in
 * admin whose own browser sent that Host, in a page answered to them alone (never cached or shared), so a
 * forged Host can only mislead the one who forged it. Problem `type` URIs and next-auth never use it.
 */
export async function requestBaseUrl(): Promise<string | undefined> {
  const list = await headers();
  const host = list.get("x-forwarded-host") ?? list.get("host");
  const proto = list.get("x-forwarded-proto") === "https" ? "https" : "http";
  return host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? `${proto}://${host}` : undefined;
}
