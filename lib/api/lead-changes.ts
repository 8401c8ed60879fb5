import type { ApiReply, ApiRequest } from "./api-route";
import { notImplemented } from "./api-route";

// The two lead operations whose domain lands on other branches: status, owner and tags (section 10,
// branch `workflow`) and erasure (section 9, branch `lgpd`). Each is one handler, so wiring it is a change
// here only; until then the key and its scope are checked as for any write, then 501 not_implemented.

/** PATCH /api/v1/leads/{id}. */
export async function patchApiLead(_request: ApiRequest<{ id: string }>): Promise<ApiReply> {
  throw notImplemented("Changing a lead's status, owner or tags through the API");
}

/** DELETE /api/v1/leads/{id}: answers 204 once erasure exists. */
export async function deleteApiLead(_request: ApiRequest<{ id: string }>): Promise<ApiReply> {
  throw notImplemented("Erasing a lead through the API");
}
