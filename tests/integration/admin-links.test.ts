// Issue 3 (admin UI), capture links: what the links pages and their server actions rely on, against the
// real database and the real ingest route: counters summed over shards, settings that ingest obeys at
// once, revocation, the request log's keyset pages and filters, and tenancy across two workspaces.
import { describe, expect, it } from "vitest";
import { findWorkspaceAccess, hasRole } from "@/lib/auth/session";
import { createLink } from "@/lib/links/create-link";
import { getLink } from "@/lib/links/get-link";
import { listLinkSubmissions } from "@/lib/links/list-link-submissions";
import { listLinks } from "@/lib/links/list-links";
import { revokeLink } from "@/lib/links/revoke-link";
import { updateLinkSettings } from "@/lib/links/update-link-settings";
import { useTestDatabase } from "../support/database";
import { post, send } from "../support/ingest-client";
import { errorCode, fieldErrors, newMember, newTenant, newUser, unique } from "../support/tenants";

const db = useTestDatabase();

function email() {
  return `${unique("lead")}@example.com`;
}

describe("creating a link", () => {
  it("stores its allowed origins (normalised), rate limit and honeypot field", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, {
      name: "  Spring landing  ",
      allowedOrigins: ["HTTPS://Shop.Example.com:443/path", "https://*.example.org"],
      rateLimit: "600 / MIN",
      honeypotField: "website",
    });
    expect(link).toMatchObject({
      name: "Spring landing",
      status: "active",
      allowedOrigins: ["https://shop.example.com", "https://*.example.org"],
      rateLimit: "600/min",
      honeypotField: "website",
    });
    expect(link.url).toMatch(/\/ingest\/cl_[0-9A-Za-z]{22}$/);
    const empty = await createLink(workspace.id, { name: "Plain", rateLimit: "", honeypotField: "" });
    expect(empty).toMatchObject({ allowedOrigins: [], rateLimit: null, honeypotField: null });
  });

  it("refuses a bad name, origin, rate limit or honeypot field, naming each field", async () => {
    const { workspace } = await newTenant();
    expect(
      await fieldErrors(
        createLink(workspace.id, { name: " ", allowedOrigins: ["example.com"], rateLimit: "fast", honeypotField: "email" }),
      ),
    ).toEqual({
      name: "required",
      "allowedOrigins.0": "invalid_origin",
      rateLimit: "invalid_format",
      honeypotField: "lead_field",
    });
    expect(await fieldErrors(createLink(workspace.id, { name: "x", rateLimit: "0/min", honeypotField: "has space" }))).toEqual({
      rateLimit: "invalid_rate_limit",
      honeypotField: "invalid_format",
    });
    expect(await db.current.prisma.captureLink.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });
});

describe("counters", () => {
  it("count accepted and rejected requests from the real ingest route, summed over the link's shard rows", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Counted" });
    for (let i = 0; i < 5; i++) expect((await post(link.token, { email: email() })).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await post(link.token, { email: "not-an-email" })).status).toBe(422);

    const shards = await db.current.prisma.captureLinkStats.count({ where: { captureLinkId: link.id } });
    expect(shards).toBeGreaterThan(0);
    const [listed] = await listLinks(workspace.id);
    expect(listed!.counters).toMatchObject({ accepted: 5, rejected: 3 });
    expect(listed!.counters.lastReceivedAt).toBeInstanceOf(Date);
    expect((await getLink(workspace.id, link.id)).counters).toEqual(listed!.counters);
  });

  it("are the sum over every shard row, with the latest time of any of them", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Sharded" });
    const quiet = await createLink(workspace.id, { name: "Quiet" });
    await db.current.prisma.captureLinkStats.createMany({
      data: [
        { captureLinkId: link.id, shard: 0, accepted: 10n, rejected: 1n, lastReceivedAt: new Date("2026-01-01T10:00:00Z") },
        { captureLinkId: link.id, shard: 7, accepted: 5n, rejected: 0n, lastReceivedAt: new Date("2026-03-01T10:00:00Z") },
        { captureLinkId: link.id, shard: 15, accepted: 0n, rejected: 4n, lastReceivedAt: null },
      ],
    });
    const links = await listLinks(workspace.id);
    expect(links.map((item) => item.name)).toEqual(["Quiet", "Sharded"]);
    expect(links.find((item) => item.id === link.id)!.counters).toEqual({
      accepted: 15,
      rejected: 5,
      lastReceivedAt: new Date("2026-03-01T10:00:00Z"),
    });
    expect(links.find((item) => item.id === quiet.id)!.counters).toEqual({ accepted: 0, rejected: 0, lastReceivedAt: null });
  });
});

describe("settings", () => {
  it("apply to the very next request: allowed origins, and a honeypot that turns requests into spam", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Editable" });
    const from = (origin: string) => post(link.token, { email: email() }, { origin });
    expect((await from("https://elsewhere.example")).status).toBe(201);

    const updated = await updateLinkSettings(workspace.id, link.id, {
      allowedOrigins: ["https://www.example.com"],
      rateLimit: "10/S",
      honeypotField: "website",
    });
    expect(updated).toMatchObject({ allowedOrigins: ["https://www.example.com"], rateLimit: "10/s", honeypotField: "website" });
    expect((await from("https://elsewhere.example")).status).toBe(403);
    expect((await from("https://www.example.com")).status).toBe(201);

    const bot = await post(link.token, { email: email(), website: "http://spam.example" });
    expect(bot.status).toBe(201);
    const spam = await db.current.prisma.submission.findFirst({ where: { captureLinkId: link.id, outcome: "spam" } });
    expect(spam).not.toBeNull();

    // Empty values clear a setting; keys left out keep theirs.
    const cleared = await updateLinkSettings(workspace.id, link.id, { rateLimit: "", honeypotField: null });
    expect(cleared).toMatchObject({ allowedOrigins: ["https://www.example.com"], rateLimit: null, honeypotField: null });
  });

  it("are validated by the same schema as creation", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Strict" });
    expect(
      await fieldErrors(
        updateLinkSettings(workspace.id, link.id, { allowedOrigins: ["ftp://x.example"], rateLimit: "5 per minute" }),
      ),
    ).toEqual({
      "allowedOrigins.0": "invalid_origin",
      rateLimit: "invalid_format",
    });
    expect((await getLink(workspace.id, link.id)).rateLimit).toBeNull();
  });
});

describe("revoking", () => {
  it("makes the link answer 410 at once and shows it as revoked", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Short-lived" });
    expect((await post(link.token, { email: email() })).status).toBe(201);
    await revokeLink(workspace.id, link.id);
    const refused = await post(link.token, { email: email() });
    expect(refused.status).toBe(410);
    expect(refused.json?.code).toBe("capture_link_revoked");
    const shown = await getLink(workspace.id, link.id);
    expect(shown.status).toBe("revoked");
    expect(shown.revokedAt).toBeInstanceOf(Date);
    expect(shown.counters).toMatchObject({ accepted: 1, rejected: 1 });
  });
});

describe("request log", () => {
  it("lists requests newest first with their outcome, status, error code, field errors, warnings and raw payload", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Logged" });
    const headers = { origin: "https://landing.example.com", "x-leadlink-remote-addr": "203.0.113.9" };
    await post(link.token, { email: email(), name: "Ana", favouriteColour: "blue" }, headers);
    await post(link.token, { email: "nope", birthday: "2023-02-30" }, headers);
    await send(link.token, { body: "{not json", headers });

    const { submissions } = await listLinkSubmissions(workspace.id, link.id);
    expect(submissions.map((row) => [row.outcome, row.status, row.errorCode])).toEqual([
      ["rejected", 400, "invalid_json"],
      ["rejected", 422, "validation_failed"],
      ["created", 201, null],
    ]);
    const [broken, invalid, created] = submissions;
    expect(broken!.payload).toBe("{not json");
    expect(invalid!.errors.map((issue) => issue.field).sort()).toEqual(["birthday", "email"]);
    expect(created!.warnings).toEqual([expect.objectContaining({ field: "favouriteColour", code: "unknown_field" })]);
    expect(created!.leadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).toMatchObject({ ip: "203.0.113.9", origin: "https://landing.example.com" });
  });

  it("pages with keyset cursors in both directions and filters accepted or rejected requests", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Busy" });
    // Rows with known times, some sharing a millisecond, so the id breaks ties.
    const base = Date.parse("2026-05-01T12:00:00Z");
    const rows = Array.from({ length: 12 }, (_, index) => ({
      id: crypto.randomUUID(),
      workspaceId: workspace.id,
      captureLinkId: link.id,
      outcome: index % 3 === 0 ? ("rejected" as const) : ("created" as const),
      status: index % 3 === 0 ? 422 : 201,
      errorCode: index % 3 === 0 ? "validation_failed" : null,
      payload: `{"n":${index}}`,
      receivedAt: new Date(base + Math.floor(index / 2) * 1000),
    }));
    await db.current.prisma.submission.createMany({ data: rows });
    const expected = [...rows]
      .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);

    const first = await listLinkSubmissions(workspace.id, link.id, { limit: 5 });
    expect(first.newerCursor).toBeUndefined();
    const second = await listLinkSubmissions(workspace.id, link.id, { limit: 5, before: first.olderCursor });
    const third = await listLinkSubmissions(workspace.id, link.id, { limit: 5, before: second.olderCursor });
    expect([...first.submissions, ...second.submissions, ...third.submissions].map((row) => row.id)).toEqual(expected);
    expect(third.submissions).toHaveLength(2);
    expect(third.olderCursor).toBeUndefined();

    const back = await listLinkSubmissions(workspace.id, link.id, { limit: 5, after: third.newerCursor });
    expect(back.submissions.map((row) => row.id)).toEqual(second.submissions.map((row) => row.id));
    const top = await listLinkSubmissions(workspace.id, link.id, { limit: 5, after: back.newerCursor });
    expect(top.submissions.map((row) => row.id)).toEqual(first.submissions.map((row) => row.id));
    expect(top.newerCursor).toBeUndefined();

    const rejected = await listLinkSubmissions(workspace.id, link.id, { filter: "rejected", limit: 50 });
    expect(rejected.submissions.map((row) => row.id)).toEqual(
      expected.filter((id) => rows.find((row) => row.id === id)!.outcome === "rejected"),
    );
    const accepted = await listLinkSubmissions(workspace.id, link.id, { filter: "accepted", limit: 50 });
    expect(accepted.submissions).toHaveLength(8);
    expect(accepted.submissions.every((row) => row.outcome === "created")).toBe(true);

    // A cursor that was tampered with shows the first page rather than failing.
    const tampered = await listLinkSubmissions(workspace.id, link.id, { limit: 5, before: "bm9wZQ" });
    expect(tampered.submissions.map((row) => row.id)).toEqual(first.submissions.map((row) => row.id));
  });
});

describe("tenancy", () => {
  it("a user of workspace B can neither reach workspace A nor read, list, update or revoke A's links through B", async () => {
    const a = await newTenant("Alpha");
    const b = await newTenant("Beta");
    const link = await createLink(a.workspace.id, { name: "Alpha's link" });
    await post(link.token, { email: email() });

    // The authorization decision the pages and actions make (requireWorkspace / authorizeWorkspace).
    expect(await findWorkspaceAccess(b.owner.id, a.workspace.slug)).toBeNull();
    expect((await findWorkspaceAccess(a.owner.id, a.workspace.slug))?.workspace.id).toBe(a.workspace.id);

    // Through their own workspace, B's ids never reach A's rows.
    expect(await listLinks(b.workspace.id)).toEqual([]);
    expect(await errorCode(getLink(b.workspace.id, link.id))).toBe("capture_link_not_found");
    expect(
      await errorCode(
        updateLinkSettings(b.workspace.id, link.id, { rateLimit: "off", allowedOrigins: ["https://evil.example"] }),
      ),
    ).toBe("capture_link_not_found");
    expect(await errorCode(revokeLink(b.workspace.id, link.id))).toBe("capture_link_not_found");
    expect(await errorCode(revokeLink(b.workspace.id, link.token))).toBe("capture_link_not_found");
    expect((await listLinkSubmissions(b.workspace.id, link.id)).submissions).toEqual([]);

    const untouched = await getLink(a.workspace.id, link.id);
    expect(untouched).toMatchObject({ status: "active", allowedOrigins: [], rateLimit: null });
    expect((await listLinkSubmissions(a.workspace.id, link.id)).submissions).toHaveLength(1);
    expect(await errorCode(getLink(a.workspace.id, "not-a-uuid"))).toBe("capture_link_not_found");
  });

  it("a member may read a workspace but is not an admin: the actions refuse them", async () => {
    const { workspace } = await newTenant();
    const member = await newMember(workspace.id, "member");
    const access = await findWorkspaceAccess(member.id, workspace.slug);
    expect(access?.role).toBe("member");
    expect(hasRole(access!.role, "member")).toBe(true);
    expect(hasRole(access!.role, "admin")).toBe(false);
    const admin = await newMember(workspace.id, "admin");
    expect(hasRole((await findWorkspaceAccess(admin.id, workspace.slug))!.role, "admin")).toBe(true);
    const stranger = await newUser("stranger");
    expect(await findWorkspaceAccess(stranger.id, workspace.slug)).toBeNull();
  });
});
