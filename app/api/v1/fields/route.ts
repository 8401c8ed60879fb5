import { toApiField } from "@/lib/api/api-json";
import { apiMethodNotAllowed, apiRoute } from "@/lib/api/api-route";
import { createField, type NewCustomField } from "@/lib/fields/create-field";
import { listFields } from "@/lib/fields/list-fields";

export const dynamic = "force-dynamic";

/** GET /api/v1/fields: the workspace's custom fields, oldest first, archived ones flagged. */
export const GET = apiRoute("read", async ({ caller }) => ({
  status: 200,
  body: { data: (await listFields(caller.workspaceId)).map(toApiField) },
}));

/** POST /api/v1/fields: a new custom field (CustomFieldInput, as in the admin form and the CLI). */
export const POST = apiRoute("admin", async ({ caller, actor, json }) => ({
  status: 201,
  body: toApiField(await createField(caller.workspaceId, (await json()) as unknown as NewCustomField, actor)),
}));

const notAllowed = apiMethodNotAllowed("GET, POST");
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
