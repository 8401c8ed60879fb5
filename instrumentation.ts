/**
 * Next.js calls register() once per server process, before the server handles requests
 * (scripts/server.mjs runs it before listening). The Node.js runtime boots the app: opens and migrates
 * the database (in embedded mode, starts its engine), before the first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("@/lib/server/boot");
  await boot();
}
