import NextAuth from "next-auth";
import { authOrigin, requestAuthOptions } from "@/lib/auth/auth-options";
import { relativeAnswer } from "@/lib/auth/relative-answer";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

// next-auth answers with URLs on its configured origin (lib/auth/auth-options.ts): relativeAnswer makes
// them paths, so whatever name the browser used for this server, it stays on it.
async function handler(request: Request, context: Context) {
  const response: Response = await NextAuth(
    request as never,
    { params: await context.params } as never,
    requestAuthOptions(request.headers),
  );
  return relativeAnswer(response, authOrigin());
}

export { handler as GET, handler as POST };
