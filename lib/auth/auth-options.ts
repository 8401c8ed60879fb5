import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { env } from "@/lib/env";
import { publicBaseUrl } from "@/lib/http/public-base-url";
import { clientIpOf } from "@/lib/http/request-meta";
import { verifyPassword } from "@/lib/users/password";
import { authSecret } from "./auth-secret";
import { safeCallbackPath } from "./callback-path";
import { loginRetryAfter, recordLoginFailure, resetLoginFailures } from "./login-limit";
import { readSession, revokeSession, SESSION_MAX_AGE_SECONDS, startSession } from "./sessions";
import { tooManyAttemptsError } from "./too-many-attempts";

const Credentials = z.object({ email: z.string().trim().toLowerCase().min(1), password: z.string().min(1) });

// Verifying against a real hash when the user does not exist keeps the response time the same,
// so sign-in does not reveal which emails have accounts.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$qSAVLu2U2JiO/nrlqlGedw$4XBx4ZeFz31v76BQD2BIaQ8L5fcLH8WkRv7KdrQV8VE";

/**
 * Checks an email and password, within the sign-in attempt limits (lib/auth/login-limit.ts): beyond them it
 * throws a TooManyAttempts error, which the sign-in form shows as a wait. `headers` are the request's,
 * for the client's address (the same rules as ingest: X-Forwarded-For only with TRUST_PROXY=1).
 */
export async function authenticate(
  credentials: unknown,
  headers: Record<string, string | string[] | undefined> = {},
): Promise<{ id: string; email: string; name: string | null } | null> {
  const parsed = Credentials.safeParse(credentials);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const ip = clientIpOf(toHeaders(headers));
  const retryAfter = await loginRetryAfter(email, ip);
  if (retryAfter > 0) throw tooManyAttemptsError(retryAfter);
  const { prisma } = await getDatabase();
  const user = await prisma.user.findUnique({ where: { email } });
  const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
  if (!user || !valid) {
    await recordLoginFailure(email, ip);
    return null;
  }
  await resetLoginFailures(email);
  await recordAudit({ kind: "user", userId: user.id, ip }, { workspaceId: null, action: "auth.sign_in" });
  return { id: user.id, email: user.email, name: user.name };
}

function toHeaders(record: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(record)) {
    try {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(", "));
    } catch {
      // a value Headers refuses (not ISO-8859-1): not one the address is read from
    }
  }
  return headers;
}

/**
 * The origin next-auth builds its few absolute URLs from. Never the request's Host, which anyone can write
 * (next-auth's AUTH_TRUST_HOST would put a forged Host into the URLs it answers): PUBLIC_BASE_URL, or a
 * loopback address standing in for it. The answers of /api/auth are made relative to it
 * (app/api/auth/[...nextauth]/route.ts), so a browser that reached the server under another name stays there.
 */
export function authOrigin(): string {
  return new URL(publicBaseUrl()).origin;
}

let options: NextAuthOptions | undefined;

/** next-auth's configuration: email and password; a signed httpOnly cookie (JWT) naming a revocable session. */
export function authOptions(): NextAuthOptions {
  if (!options) process.env.NEXTAUTH_URL = authOrigin();
  options ??= {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    // Secure cookies (with the __Secure- prefix) whenever the public address is https: see requestAuthOptions.
    useSecureCookies: env().PUBLIC_BASE_URL ? env().PUBLIC_BASE_URL!.startsWith("https://") : undefined,
    // next-auth's own error page answers 500 to /api/auth/error?error=Configuration: the sign-in page says it instead.
    pages: { signIn: "/signin", error: "/signin" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: (credentials, request) => authenticate(credentials, request?.headers ?? {}),
      }),
    ],
    callbacks: {
      // Only paths of this site: never another origin, whatever callbackUrl a link carried.
      redirect({ url, baseUrl }) {
        return safeCallbackPath(url, baseUrl) ?? "/";
      },
      // At sign-in the cookie gets a new session's id; on every later read the session must still be live,
      // and the user is read from the database with it (a deleted user's cookie is worthless).
      async jwt({ token, user }) {
        if (user) return { sid: await startSession(user.id), sub: user.id };
        let current: Awaited<ReturnType<typeof readSession>>;
        try {
          current = await readSession(token.sid);
        } catch (error) {
          // next-auth would treat a throw as a bad cookie (no session, and its route clears the cookie): with the
          // database away the session is unknown, not ended, and the page should say the service is unavailable.
          if (isDatabaseUnavailable(error)) return { ...token, unavailable: true };
          throw error;
        }
        if (!current) return { revoked: true };
        return {
          ...token,
          uid: current.id,
          email: current.email,
          name: current.name,
          locale: current.locale,
          timeZone: current.timeZone,
        };
      },
      session({ session, token }) {
        if (token.unavailable) return { expires: session.expires, unavailable: true } as typeof session;
        if (token.revoked || typeof token.uid !== "string") return { expires: session.expires };
        return {
          expires: session.expires,
          user: {
            id: token.uid,
            email: token.email,
            name: token.name ?? null,
            sid: token.sid,
            locale: token.locale ?? null,
            timeZone: token.timeZone ?? null,
          },
        } as typeof session;
      },
    },
    events: {
      // next-auth hands over the cookie's token when it clears it: end its session on the server too.
      async signOut({ token }) {
        await revokeSession(token?.sid);
      },
    },
  };
  return options;
}

/**
 * authOptions for one request. Without PUBLIC_BASE_URL the cookie is Secure when the request came over
 * https: X-Forwarded-Proto, which scripts/server.mjs sets from the socket (or keeps from a trusted proxy
 * with TRUST_PROXY=1). Only the scheme is read from the request, never the host.
 */
export function requestAuthOptions(headers: Headers): NextAuthOptions {
  const base = authOptions();
  if (base.useSecureCookies !== undefined) return base;
  const https = headers.get("x-forwarded-proto") === "https";
  variants[String(https)] ??= { ...base, useSecureCookies: https };
  return variants[String(https)]!;
}

const variants: Record<string, NextAuthOptions> = {};
