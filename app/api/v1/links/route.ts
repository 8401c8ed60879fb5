import { toApiLink } from "@/lib/api/api-json";
import { apiMethodNotAllowed, apiRoute } from "@/lib/api/api-route";
import { withPresetExpression } from "@/lib/capture/sources/source-settings-input";
import { createLink } from "@/lib/links/create-link";
import type { LinkInput } from "@/lib/links/link-input";
import { listLinks } from "@/lib/links/list-links";

export const dynamic = "force-dynamic";

/** GET /api/v1/links: the workspace's capture links, newest first, with their counters. */
export const GET = apiRoute("read", async ({ caller }) => ({
  status: 200,
  body: { data: (await listLinks(caller.workspaceId)).map(toApiLink) },
}));

/** POST /api/v1/links: a new capture link; the body is LinkInput, as in the admin form and the CLI. */
export const POST = apiRoute("admin", async ({ caller, actor, json }) => ({
  status: 201,
  body: toApiLink(await createLink(caller.workspaceId, withPresetExpression((await json()) as LinkInput), actor)),
}));

const notAllowed = apiMethodNotAllowed("GET, POST");
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
