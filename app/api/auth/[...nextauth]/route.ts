import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: Context) {
  return NextAuth(request as never, { params: await context.params } as never, authOptions());
}

export { handler as GET, handler as POST };
