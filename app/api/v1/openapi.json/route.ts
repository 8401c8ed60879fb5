import { openApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-dynamic";

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document, public (it describes the API, it opens nothing). */
export function GET(): Response {
  return new Response(JSON.stringify(openApiDocument()), {
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": "no-cache",
      "Access-Control-Allow-Origin": "*",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
