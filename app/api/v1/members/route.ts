import { toApiMember } from "@/lib/api/api-json";
import { apiMethodNotAllowed, apiRoute } from "@/lib/api/api-route";
import { listMembers } from "@/lib/workspaces/list-members";

export const dynamic = "force-dynamic";

/** GET /api/v1/members: who can own a lead (their id for `ownerId`, their email for `ownerEmail`). */
export const GET = apiRoute("read", async ({ caller }) => ({
  status: 200,
  body: { data: (await listMembers(caller.workspaceId)).map(toApiMember) },
}));

const notAllowed = apiMethodNotAllowed("GET");
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
