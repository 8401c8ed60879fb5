import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { verifyPassword } from "@/lib/users/password";
import { authSecret } from "./auth-secret";

const Credentials = z.object({ email: z.string().trim().toLowerCase().min(1), password: z.string().min(1) });

// Verifying against a real hash when the user does not exist keeps the response time the same,
// so sign-in does not reveal which emails have accounts.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$qSAVLu2U2JiO/nrlqlGedw$4XBx4ZeFz31v76BQD2BIaQ8L5fcLH8WkRv7KdrQV8VE";

export async function authenticate(credentials: unknown): Promise<{ id: string; email: string; name: string | null } | null> {
  const parsed = Credentials.safeParse(credentials);
  if (!parsed.success) return null;
  const { prisma } = await getDatabase();
  const user = await prisma.user.findUnique({ where: { email: parsed.data.email } });
  const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, parsed.data.password);
  return user && valid ? { id: user.id, email: user.email, name: user.name } : null;
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
    // Secure cookies whenever the public address is https (behind a TLS-terminating proxy included).
    useSecureCookies: env().PUBLIC_BASE_URL?.startsWith("https://") ?? false,
    pages: { signIn: "/signin" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: (credentials) => authenticate(credentials),
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
