import { AppError } from "@/lib/errors";
import { problemResponse } from "@/lib/http/problem";

export const dynamic = "force-dynamic";

/** Any other path under /api/v1: problem+json, like every answer of the API, rather than the HTML 404 page. */
function notFound(request: Request): Response {
  const path = new URL(request.url).pathname.slice(0, 200);
  return problemResponse(
    new AppError("not_found", `No API operation at ${request.method} ${path}. See /api/v1/openapi.json for what there is.`),
  );
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
