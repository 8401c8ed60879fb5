import type { Database } from "@/lib/db/client";
import { getDatabase } from "@/lib/db/client";
import { createLink } from "@/lib/links/create-link";
import type { LinkInput } from "@/lib/links/link-input";
import { inStoredOrder, raw } from "./ingest-helpers";
import { newTenant } from "./tenants";

/** A fresh workspace and a link created through the domain (so its settings are validated as an admin's are). */
export async function formLink(settings: Partial<LinkInput> = {}) {
  const { workspace, owner } = await newTenant("Forms");
  const link = await createLink(workspace.id, { name: "Form", acceptForms: true, ...settings });
  return { workspace, owner, link, token: link.token };
}

/** The bytes and Content-Type a browser would send for `form` (multipart, with its own boundary). */
export async function multipart(form: FormData): Promise<{ body: Uint8Array; contentType: string }> {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}

/** Posts a urlencoded form, as a browser does (Accept for a page). */
export function postUrlencoded(token: string, fields: string | [string, string][], headers: Record<string, string> = {}) {
  const body = typeof fields === "string" ? fields : new URLSearchParams(fields).toString();
  return raw(token, {
    body,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      ...headers,
    },
  });
}

export async function postMultipart(token: string, form: FormData, headers: Record<string, string> = {}) {
  const { body, contentType } = await multipart(form);
  return raw(token, {
    body,
    headers: { "content-type": contentType, accept: "text/html,*/*;q=0.8", ...headers },
  });
}

/** The Location of a 303, resolved like a browser would against the capture URL. */
export function redirectTarget(response: Response): URL {
  return new URL(response.headers.get("location") ?? "", "http://localhost:3000/ingest/x");
}

/** The link's submissions, oldest first (rows of one millisecond in the order they were stored: see inStoredOrder). */
export async function linkSubmissions(db: Database | undefined, captureLinkId: string) {
  const database = db ?? (await getDatabase());
  return inStoredOrder(database, await database.prisma.submission.findMany({ where: { captureLinkId } }));
}
