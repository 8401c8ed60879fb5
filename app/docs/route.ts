import { docsPage } from "@/lib/api/docs-page";

export const dynamic = "force-dynamic";

/** /docs: the API reference (Swagger UI over /api/v1/openapi.json), served entirely by this app. */
export function GET(request: Request): Response {
  return docsPage(request);
}
