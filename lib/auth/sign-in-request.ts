/**
 * Signs the browser in with an email and password through next-auth's credentials endpoint. For client
 * components; next-auth/react's signIn() expects the absolute URLs this app no longer answers
 * (app/api/auth/[...nextauth]/route.ts answers paths).
 * Resolves with next-auth's error code on failure (`CredentialsSignin`, or lib/auth/too-many-attempts.ts's).
 */
export async function signInWithPassword(
  email: string,
  password: string,
  callbackPath: string,
): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    const { csrfToken } = (await (await fetch("/api/auth/csrf", { cache: "no-store" })).json()) as { csrfToken: string };
    const response = await fetch("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: callbackPath, json: "true" }),
    });
    const { url } = (await response.json().catch(() => ({}))) as { url?: string };
    const error = url ? new URL(url, window.location.origin).searchParams.get("error") : null;
    if (!response.ok || error) return { ok: false, error: error ?? "CredentialsSignin" };
    return { ok: true };
  } catch {
    return { ok: false, error: "NetworkError" };
  }
}
