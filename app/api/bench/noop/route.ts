import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

/**
 * The framework's ceiling for `npm run bench`: a route handler that reads the body and answers a small JSON
 * document, as ingest does, with no work in between. Off (404) unless LEADLINK_BENCH=1.
 */
export async function POST(request: Request): Promise<Response> {
  if (!env().LEADLINK_BENCH) return new Response(null, { status: 404 });
  await request.arrayBuffer();
  return Response.json({ leadId: "00000000-0000-4000-8000-000000000000", created: true, warnings: [] }, { status: 201 });
}
