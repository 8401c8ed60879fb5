// Issue 9, new-user item 2 (the link page's part): the link page lists the origins the link refused lately
// (403 origin_not_allowed in its request log) and offers "allow this origin" to owners and admins. The server
// action is scoped to the caller's workspace; tested with the real action under real sessions and the real
// ingest route. A revoked link's settings no longer change (item 8).

// Next's request globals before any app module loads (the actions import lib/i18n, which reads the request).
import "../support/next-request-globals";
import { describe, expect, it } from "vitest";
import { allowOriginAction, updateLinkSettingsAction } from "@/app/(admin)/w/[slug]/links/actions";
import { createLink } from "@/lib/links/create-link";
import { getLink } from "@/lib/links/get-link";
import { listRefusedOrigins } from "@/lib/links/refused-origins";
import { revokeLink } from "@/lib/links/revoke-link";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { callAction } from "../support/server-action";
import { newMember, newTenant, newUser, unique } from "../support/tenants";

useTestDatabase();

const ALLOWED = "https://shop.example.com";
const REFUSED = "https://landing.example.org";

function originForm(origin: string): FormData {
  const form = new FormData();
  form.set("origin", origin);
  return form;
}

function from(token: string, origin: string) {
  return post(token, { email: `${unique("lead")}@example.com` }, { origin });
}

async function restrictedLink() {
  const tenant = await newTenant();
  const link = await createLink(tenant.workspace.id, { name: "Restricted", allowedOrigins: [ALLOWED] });
  return { ...tenant, link };
}

describe("refused origins", () => {
  it("are listed from the request log, most recent first, with counts; allowing one lets it post at once", async () => {
    const { owner, workspace, link } = await restrictedLink();
    expect((await from(link.token, REFUSED)).status).toBe(403);
    expect((await from(link.token, REFUSED)).status).toBe(403);
    expect((await from(link.token, "http://localhost:5173")).status).toBe(403);
    expect((await from(link.token, ALLOWED)).status).toBe(201);
    // A forged, malformed Origin header is refused too, but not offered.
    expect((await from(link.token, "null")).status).toBe(403);

    const listed = await listRefusedOrigins(workspace.id, await getLink(workspace.id, link.id));
    expect(listed.map(({ origin, count }) => ({ origin, count }))).toEqual([
      { origin: "http://localhost:5173", count: 1 },
      { origin: REFUSED, count: 2 },
    ]);

    expect(await callAction(owner, () => allowOriginAction(workspace.slug, link.id, {}, originForm(REFUSED)))).toMatchObject({
      ok: true,
    });
    expect((await getLink(workspace.id, link.id)).allowedOrigins).toEqual([ALLOWED, REFUSED]);
    expect((await from(link.token, REFUSED)).status).toBe(201);
    expect((await listRefusedOrigins(workspace.id, await getLink(workspace.id, link.id))).map((item) => item.origin)).toEqual([
      "http://localhost:5173",
    ]);

    // Allowing it again changes nothing.
    expect(await callAction(owner, () => allowOriginAction(workspace.slug, link.id, {}, originForm(REFUSED)))).toMatchObject({
      ok: true,
    });
    expect((await getLink(workspace.id, link.id)).allowedOrigins).toEqual([ALLOWED, REFUSED]);
  });

  it("only owners and admins of the link's workspace may allow one", async () => {
    const { workspace, link } = await restrictedLink();
    const member = await newMember(workspace.id, "member");
    const admin = await newMember(workspace.id, "admin");
    const stranger = await newUser("stranger");
    const other = await newTenant("Other");
    const allow = (slug: string) => () => allowOriginAction(slug, link.id, {}, originForm(REFUSED));

    expect(await callAction(null, allow(workspace.slug))).toMatchObject({
      ok: false,
      message: expect.stringContaining("Sign in"),
    });
    expect(await callAction(member, allow(workspace.slug))).toMatchObject({
      ok: false,
      message: "Only owners and admins can do this.",
    });
    expect(await callAction(stranger, allow(workspace.slug))).toMatchObject({
      ok: false,
      message: "This workspace does not exist.",
    });
    // The other workspace's owner, through their own workspace, with this link's id: not found.
    expect(await callAction(other.owner, allow(other.workspace.slug))).toMatchObject({
      ok: false,
      message: expect.stringContaining("No capture link"),
    });
    expect((await getLink(workspace.id, link.id)).allowedOrigins).toEqual([ALLOWED]);
    expect((await from(link.token, REFUSED)).status).toBe(403);

    expect(await callAction(admin, allow(workspace.slug))).toMatchObject({ ok: true });
    expect((await getLink(workspace.id, link.id)).allowedOrigins).toEqual([ALLOWED, REFUSED]);
  });

  it("refuses a malformed origin, and leaves a link that allows every origin as it is", async () => {
    const { owner, workspace, link } = await restrictedLink();
    expect(
      await callAction(owner, () => allowOriginAction(workspace.slug, link.id, {}, originForm("landing.example.org"))),
    ).toMatchObject({ ok: false });
    const open = await createLink(workspace.id, { name: "Open" });
    expect(await callAction(owner, () => allowOriginAction(workspace.slug, open.id, {}, originForm(REFUSED)))).toMatchObject({
      ok: true,
    });
    // Adding one origin to an empty list would shut out every other website.
    expect((await getLink(workspace.id, open.id)).allowedOrigins).toEqual([]);
    expect(await listRefusedOrigins(workspace.id, open)).toEqual([]);
  });

  it("a revoked link's origins and settings no longer change", async () => {
    const { owner, workspace, link } = await restrictedLink();
    await from(link.token, REFUSED);
    await revokeLink(workspace.id, link.id);
    expect(await callAction(owner, () => allowOriginAction(workspace.slug, link.id, {}, originForm(REFUSED)))).toMatchObject({
      ok: false,
      message: expect.stringContaining("revoked"),
    });
    const settings = new FormData();
    settings.set("allowedOrigins", REFUSED);
    expect(await callAction(owner, () => updateLinkSettingsAction(workspace.slug, link.id, {}, settings))).toMatchObject({
      ok: false,
      message: expect.stringContaining("revoked"),
    });
    expect((await getLink(workspace.id, link.id)).allowedOrigins).toEqual([ALLOWED]);
  });
});
