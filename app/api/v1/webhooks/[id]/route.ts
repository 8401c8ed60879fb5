import { apiMethodNotAllowed, apiRoute } from "@/lib/api/api-route";
import { deleteEndpoint } from "@/lib/webhooks/delete-endpoint";

export const dynamic = "force-dynamic";

/** DELETE /api/v1/webhooks/{id}: unsubscribe; 204. */
export const DELETE = apiRoute<{ id: string }>("admin", async ({ caller, actor, params }) => {
  await deleteEndpoint(caller.workspaceId, params.id, actor);
  return { status: 204 };
});

const notAllowed = apiMethodNotAllowed("DELETE");
export const GET = notAllowed;
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
