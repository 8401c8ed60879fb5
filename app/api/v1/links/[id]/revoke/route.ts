import { toApiLink } from "@/lib/api/api-json";
import { apiMethodNotAllowed, apiRoute } from "@/lib/api/api-route";
import { AppError } from "@/lib/errors";
import { revokeLink } from "@/lib/links/revoke-link";
import { uuidOrUndefined } from "@/lib/validation/uuid";

export const dynamic = "force-dynamic";

/** POST /api/v1/links/{id}/revoke: the link answers 410 from now on; revoking twice changes nothing. */
export const POST = apiRoute<{ id: string }>("admin", async ({ caller, actor, params }) => {
  // The API names links by id only (revokeLink also takes a token, which is the CLI's convenience).
  if (!uuidOrUndefined(params.id))
    throw new AppError("capture_link_not_found", `No capture link "${params.id}" in this workspace.`);
  return { status: 200, body: toApiLink(await revokeLink(caller.workspaceId, params.id, actor)) };
});

const notAllowed = apiMethodNotAllowed("POST");
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
