import { apiMethodNotAllowed, apiRoute } from "@/lib/api/api-route";
import { getLinkForm } from "@/lib/links/get-link-form";
import { setLinkForm } from "@/lib/links/set-link-form";

export const dynamic = "force-dynamic";

/** GET /api/v1/links/{id}/form: the link's form settings (DESIGN.md section 12), the defaults when none were set. */
export const GET = apiRoute<{ id: string }>("read", async ({ caller, params }) => ({
  status: 200,
  body: await getLinkForm(caller.workspaceId, params.id),
}));

/** PUT /api/v1/links/{id}/form: replaces them (managing links is an admin's, like creating and revoking them). */
export const PUT = apiRoute<{ id: string }>("admin", async ({ caller, actor, params, json }) => ({
  status: 200,
  body: await setLinkForm(caller.workspaceId, params.id, await json(), actor),
}));

const notAllowed = apiMethodNotAllowed("GET, PUT");
export const POST = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
