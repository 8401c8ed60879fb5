import { apiMethodNotAllowed, apiRoute } from "@/lib/api/api-route";
import { deleteApiLead, patchApiLead } from "@/lib/api/lead-changes";
import { readLead } from "@/lib/leads/get-lead";

export const dynamic = "force-dynamic";

type Params = { id: string };

/** GET /api/v1/leads/{id}: the lead with its submissions (an erased one: `{id, erasedAt}`); 404 for an id of another workspace. */
export const GET = apiRoute<Params>("read", async ({ caller, params }) => ({
  status: 200,
  body: await readLead(caller.workspaceId, params.id),
}));

/** PATCH /api/v1/leads/{id}: status, owner, tags (DESIGN.md section 10). */
export const PATCH = apiRoute<Params>("write", patchApiLead);

/** DELETE /api/v1/leads/{id}: erasure (DESIGN.md section 9); 204. Owners and admins only, as in the admin. */
export const DELETE = apiRoute<Params>("admin", deleteApiLead);

const notAllowed = apiMethodNotAllowed("GET, PATCH, DELETE");
export const POST = notAllowed;
export const PUT = notAllowed;
