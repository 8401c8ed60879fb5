import { apiMethodNotAllowed, apiRoute } from "@/lib/api/api-route";
import { getLinkAssignment } from "@/lib/assignment/get-link-assignment";
import { setLinkAssignment } from "@/lib/assignment/set-link-assignment";

export const dynamic = "force-dynamic";

/** GET /api/v1/links/{id}/assignment: the link's round-robin, its rotation and its response target (DESIGN.md 16). */
export const GET = apiRoute<{ id: string }>("read", async ({ caller, params }) => ({
  status: 200,
  body: await getLinkAssignment(caller.workspaceId, params.id),
}));

/** PATCH /api/v1/links/{id}/assignment: changes them (keys left out keep their value); an admin's, like link settings. */
export const PATCH = apiRoute<{ id: string }>("admin", async ({ caller, actor, params, json }) => ({
  status: 200,
  body: await setLinkAssignment(caller.workspaceId, params.id, (await json()) as never, actor),
}));

const notAllowed = apiMethodNotAllowed("GET, PATCH");
export const POST = notAllowed;
export const PUT = notAllowed;
export const DELETE = notAllowed;
