// Issue 24 (security 4): a NUL byte (or another character PostgreSQL text cannot hold) in a search or a
// filter gave a 500, or cut the export mid-stream. The filter drops it where it is parsed, once, so the
// leads page, the export and the API all search without it; malformed cursors and dates are 422 (API) or
// the first page (the leads page), never a 500.
import "../support/server-action";
import { describe, expect, it } from "vitest";
import { GET as exportLeadsRoute } from "@/app/(admin)/w/[slug]/leads/export/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { LeadFilter, leadFilterParams } from "@/lib/leads/lead-filter";
import { addLeadNote } from "@/lib/leads/lead-notes";
import { listLeadPage } from "@/lib/leads/list-leads";
import { apiJson } from "../support/api-client";
import { parseCsv } from "../support/csv";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { setupLink, uniqueEmail } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { fieldErrors, newUser } from "../support/tenants";

const db = useTestDatabase();

async function workspaceWithLeads() {
  const { workspace, token } = await setupLink(db.current, { rateLimit: "off" });
  const key = (await createApiKey(workspace.id, { name: "Sync" })).token;
  const emails = { ab: uniqueEmail("ab"), other: uniqueEmail("other") };
  expect((await post(token, { name: "Abner Bastos", email: emails.ab, utmSource: "google" })).status).toBe(201);
  expect((await post(token, { name: "Carla Dias", email: emails.other })).status).toBe(201);
  return { workspace, key, emails };
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

describe("a NUL byte in a search or filter", () => {
  it("is dropped by the API's q and utmSource; a malformed cursor or date is 422", async () => {
    const { key, emails } = await workspaceWithLeads();
    const search = await apiJson("/api/v1/leads?q=abner%00bastos", { key });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    expect(search.body.data).toEqual([]); // "abnerbastos": the NUL is gone, the words run together
    const nulBetweenWords = await apiJson("/api/v1/leads?q=a%00b", { key });
    expect(nulBetweenWords.status).toBe(200);
    const spaced = await apiJson(`/api/v1/leads?q=${encodeURIComponent(`${emails.ab.split("@")[0]}\u0000`)}`, { key });
    expect(spaced.status).toBe(200);
    expect(spaced.body.data.map((lead: { email: string }) => lead.email)).toEqual([emails.ab]);
    const source = await apiJson("/api/v1/leads?utmSource=goo%00gle", { key });
    expect(source.status).toBe(200);
    expect(source.body.data.map((lead: { email: string }) => lead.email)).toEqual([emails.ab]);
    // Nothing left once the NUL is dropped: empty, as "utmSource=" is.
    const onlyNul = await apiJson("/api/v1/leads?utmSource=%00", { key });
    expect(onlyNul.status).toBe(422);
    expect(onlyNul.body).toMatchObject({ code: "validation_failed", errors: [{ field: "utmSource" }] });

    for (const cursor of [
      "%00",
      "not-a-cursor",
      base64url({ o: "c", t: "0000-01-01T00:00:00Z", i: "00000000-0000-4000-8000-000000000000" }),
      base64url({ o: "c", t: "2026-01-01T00:00:00Z\u0000", i: "00000000-0000-4000-8000-000000000000" }),
    ]) {
      const page = await apiJson(`/api/v1/leads?cursor=${encodeURIComponent(cursor)}`, { key });
      expect(page.status, cursor).toBe(422);
      expect(page.body).toMatchObject({ code: "validation_failed", errors: [{ field: "cursor" }] });
    }
    for (const field of ["createdAfter", "createdBefore", "updatedAfter"]) {
      const page = await apiJson(`/api/v1/leads?${field}=0000-01-01T00:00:00Z`, { key });
      expect(page.status, field).toBe(422);
      expect(page.body).toMatchObject({ code: "validation_failed", errors: [{ field }] });
    }
  });

  it("in a tag or a note to be stored is 422, not a 500", async () => {
    const { workspace, key } = await workspaceWithLeads();
    const writer = (await createApiKey(workspace.id, { name: "Writer", scope: "write" })).token;
    const [lead] = (await apiJson("/api/v1/leads", { key })).body.data as { id: string }[];
    const patch = await apiJson(`/api/v1/leads/${lead!.id}`, { key: writer, method: "PATCH", body: { tags: ["v\u0000ip"] } });
    expect(patch.status).toBe(422);
    expect(patch.body).toMatchObject({ code: "validation_failed", errors: [{ field: "tags.0", code: "invalid_characters" }] });
    expect(
      await fieldErrors(
        addLeadNote(db.current, {
          workspaceId: workspace.id,
          leadId: lead!.id,
          authorUserId: null as never,
          note: { body: "a\u0000b" },
        }),
      ),
    ).toEqual({ body: "invalid_characters" });
  });

  it("is dropped from the leads page's query; a tampered cursor or year 0 is not a 500", async () => {
    const { workspace, emails } = await workspaceWithLeads();
    const pageFor = (query: string, after?: string) => {
      const filter = LeadFilter.parse(leadFilterParams(new URLSearchParams(query)));
      return listLeadPage(workspace.id, filter, { after });
    };
    const local = emails.ab.split("@")[0]!;
    const found = await pageFor(`q=${encodeURIComponent(`${local.slice(0, 3)}\u0000${local.slice(3)}`)}`);
    expect(found.leads.map((lead) => lead.email)).toEqual([emails.ab]);
    for (const query of ["q=%00", "utm_source=%00", "utm_campaign=x%00", "tag=%00vip"]) {
      expect((await pageFor(query)).leads.length, query).toBeGreaterThanOrEqual(0);
    }
    // Only a NUL: no filter at all, as an empty field.
    expect(LeadFilter.parse(leadFilterParams(new URLSearchParams("q=%00"))).q).toBeUndefined();
    expect(LeadFilter.safeParse({ from: "0000-01-01" }).success).toBe(false);

    const id = "00000000-0000-4000-8000-000000000000";
    for (const [sort, key] of [
      ["name", "ab\u0000"],
      ["newest", "0000-01-01T00:00:00.000Z"],
    ] as const) {
      const page = await pageFor(`sort=${sort}`, base64url({ s: sort, d: "n", k: key, u: false, i: id }));
      // Not a cursor this page could have made: the first page, as for any tampered cursor.
      expect(page.leads).toHaveLength(2);
      expect(page.previousCursor).toBeUndefined();
    }
  });

  it("gives the export a complete CSV (200)", async () => {
    const { workspace, emails } = await workspaceWithLeads();
    const owner = await newUser("owner");
    await db.current.prisma.membership.create({ data: { workspaceId: workspace.id, userId: owner.id, role: "owner" } });
    const exportWith = (query: string) =>
      callAction(owner, async () => {
        const response = await exportLeadsRoute(new Request(`http://localhost:3000/w/${workspace.slug}/leads/export?${query}`), {
          params: Promise.resolve({ slug: workspace.slug }),
        });
        return { status: response.status, text: await response.text() };
      });
    const local = emails.ab.split("@")[0]!;
    const withNul = await exportWith(`q=${encodeURIComponent(`${local}\u0000`)}&utm_source=goo%00gle`);
    expect(withNul.status, withNul.text).toBe(200);
    const rows = parseCsv(withNul.text);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(emails.ab);
    const onlyNul = await exportWith("q=%00");
    expect(onlyNul.status).toBe(200);
    expect(parseCsv(onlyNul.text)).toHaveLength(3);
  });
});
