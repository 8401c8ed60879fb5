import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { clientIpOf } from "@/lib/http/request-meta";
import { verifyPassword } from "@/lib/users/password";
import { authSecret } from "./auth-secret";
import { loginRetryAfter, recordLoginFailure, resetLoginFailures } from "./login-limit";
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

let options: NextAuthOptions | undefined;

/**
 * next-auth 4 builds its redirects from NEXTAUTH_URL, or from the request's Host when AUTH_TRUST_HOST is set
 * (scripts/server.mjs makes the forwarded headers describe the real connection unless TRUST_PROXY=1).
 */
function configureNextAuthUrl(): void {
  const { PUBLIC_BASE_URL } = env();
  if (PUBLIC_BASE_URL) process.env.NEXTAUTH_URL ??= PUBLIC_BASE_URL;
  else process.env.AUTH_TRUST_HOST ??= "1";
}

/** next-auth's configuration: email and password, sessions in a signed httpOnly cookie (JWT). */
export function authOptions(): NextAuthOptions {
  if (!options) configureNextAuthUrl();
  options ??= {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    // Secure cookies (with the __Secure- prefix) whenever the public address is https. Without PUBLIC_BASE_URL,
    // next-auth decides per request from X-Forwarded-Proto, which scripts/server.mjs sets from the socket, or
    // keeps from the proxy with TRUST_PROXY=1: a TLS-terminating proxy then gets secure cookies too.
    useSecureCookies: env().PUBLIC_BASE_URL ? env().PUBLIC_BASE_URL!.startsWith("https://") : undefined,
    pages: { signIn: "/signin" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: (credentials, request) => authenticate(credentials, request?.headers ?? {}),
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) token.uid = user.id;
        return token;
      },
      session({ session, token }) {
        if (session.user && typeof token.uid === "string") (session.user as { id?: string }).id = token.uid;
        return session;
      },
    },
  };
  return options;
}
