// DESIGN.md section 8: what /api/v1 answers, and that a key sees only its own workspace (404 otherwise).
import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { createField } from "@/lib/fields/create-field";
import { createLink } from "@/lib/links/create-link";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { api, apiJson } from "../support/api-client";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { expectProblem, uniqueEmail } from "../support/ingest-helpers";
import { newTenant } from "../support/tenants";

useTestDatabase();

/** A workspace with a link, a field, a webhook endpoint, a lead and a write key. */
async function tenant(name: string) {
  const { workspace } = await newTenant(name);
  const key = (await createApiKey(workspace.id, { name: "Sync", scope: "write" })).token;
  const link = await createLink(workspace.id, { name: `${name} page` });
  const field = await createField(workspace.id, { name: "company", label: "Company" });
  const webhook = await createEndpoint(workspace.id, { url: "https://example.com/hooks/leads" });
  const created = await post(link.token, { name: `${name} lead`, email: uniqueEmail(), customFields: { company: "Acme" } });
  expect(created.status).toBe(201);
  return { workspace, key, link, field, webhook, leadId: created.json!.leadId as string };
}

describe("resources", () => {
  it("leads: list and get (with submissions), in the lead JSON of DESIGN.md section 4", async () => {
    const a = await tenant("Alpha");
    const list = await apiJson("/api/v1/leads", { key: a.key });
    expect(list.status).toBe(200);
    expect(Object.keys(list.body)).toEqual(["data", "nextCursor"]);
    expect(list.body.nextCursor).toBeNull();
    expect(list.body.data).toHaveLength(1);
    expect(Object.keys(list.body.data[0])).toEqual([
      "id",
      "email",
      "name",
      "telephone",
      "document",
      "profession",
      "city",
      "state",
      "instagram",
      "birthday",
      "address",
      "firstTouch",
      "lastTouch",
      "customFields",
      "status",
      "owner",
      "tags",
      "createdAt",
      "updatedAt",
    ]);
    expect(list.body.data[0].customFields).toEqual({ company: "Acme" });
    const one = await apiJson(`/api/v1/leads/${a.leadId}`, { key: a.key });
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(a.leadId);
    expect(one.body.submissions).toHaveLength(1);
    expect(one.body.submissions[0]).toMatchObject({ outcome: "created", captureLinkId: a.link.id });
  });

  it("links: create with the admin form's rules, list with counters, revoke (then the link answers 410)", async () => {
    const a = await tenant("Links");
    const created = await apiJson("/api/v1/links", {
      key: a.key,
      method: "POST",
      body: { name: "  API page ", allowedOrigins: ["https://WWW.Example.com/"] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "API page", status: "active", allowedOrigins: ["https://www.example.com"] });
    expect(created.body.token).toMatch(/^cl_/);
    expect(created.body.url).toContain(`/ingest/${created.body.token}`);
    const list = await apiJson("/api/v1/links", { key: a.key });
    expect(list.body.data.map((link: { id: string }) => link.id)).toEqual([created.body.id, a.link.id]);
    expect(list.body.data[1].counters).toMatchObject({ accepted: 1, rejected: 0 });
    const revoked = await apiJson(`/api/v1/links/${created.body.id}/revoke`, { key: a.key, method: "POST" });
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe("revoked");
    expect((await post(created.body.token, { email: uniqueEmail() })).status).toBe(410);
  });

  it("fields and webhooks: list, create (the secret once), delete", async () => {
    const a = await tenant("Hooks");
    const field = await apiJson("/api/v1/fields", {
      key: a.key,
      method: "POST",
      body: { name: "plan", label: "Plan", type: "select", options: ["Free", "Pro"] },
    });
    expect(field.status).toBe(201);
    expect(field.body).toEqual({
      id: expect.any(String),
      name: "plan",
      label: "Plan",
      type: "select",
      options: ["Free", "Pro"],
      archived: false,
    });
    await expectProblem(
      await api("/api/v1/fields", { key: a.key, method: "POST", body: { name: "plan", label: "Other" } }),
      422,
      "validation_failed",
    );
    const fields = await apiJson("/api/v1/fields", { key: a.key });
    expect(fields.body.data.map((item: { name: string }) => item.name)).toEqual(["company", "plan"]);

    const hook = await apiJson("/api/v1/webhooks", {
      key: a.key,
      method: "POST",
      body: { url: "https://hooks.zapier.com/hooks/catch/1/abc/", events: ["lead.created"] },
    });
    expect(hook.status).toBe(201);
    expect(hook.body.secret).toMatch(/^whsec_/);
    const hooks = await apiJson("/api/v1/webhooks", { key: a.key });
    expect(hooks.body.data).toHaveLength(2);
    expect(JSON.stringify(hooks.body)).not.toContain("whsec_");
    const deleted = await api(`/api/v1/webhooks/${hook.body.id}`, { key: a.key, method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    await expectProblem(
      await api(`/api/v1/webhooks/${hook.body.id}`, { key: a.key, method: "DELETE" }),
      404,
      "webhook_not_found",
    );
  });
});

describe("tenancy", () => {
  it("a key sees only its workspace: another workspace's lead, link and webhook are 404 and never listed", async () => {
    const a = await tenant("Mine");
    const b = await tenant("Theirs");
    await expectProblem(await api(`/api/v1/leads/${b.leadId}`, { key: a.key }), 404, "lead_not_found");
    await expectProblem(
      await api(`/api/v1/links/${b.link.id}/revoke`, { key: a.key, method: "POST" }),
      404,
      "capture_link_not_found",
    );
    await expectProblem(
      await api(`/api/v1/webhooks/${b.webhook.id}`, { key: a.key, method: "DELETE" }),
      404,
      "webhook_not_found",
    );
    // What it could not touch is untouched.
    expect((await apiJson(`/api/v1/leads/${b.leadId}`, { key: b.key })).status).toBe(200);
    const theirLinks = await apiJson("/api/v1/links", { key: b.key });
    expect(theirLinks.body.data[0].status).toBe("active");
    expect((await apiJson("/api/v1/webhooks", { key: b.key })).body.data).toHaveLength(1);

    const lists = await Promise.all(
      ["/api/v1/leads", "/api/v1/links", "/api/v1/fields", "/api/v1/webhooks"].map((path) => apiJson(path, { key: a.key })),
    );
    const text = JSON.stringify(lists.map((list) => list.body));
    for (const id of [b.leadId, b.link.id, b.field.id, b.webhook.id]) expect(text).not.toContain(id);
    // Filtering by another workspace's link finds nothing, and a webhook cannot subscribe to it.
    expect((await apiJson(`/api/v1/leads?captureLinkId=${b.link.id}`, { key: a.key })).body.data).toEqual([]);
    await expectProblem(
      await api("/api/v1/webhooks", { key: a.key, method: "POST", body: { url: "https://example.com/x", linkIds: [b.link.id] } }),
      404,
      "capture_link_not_found",
    );
  });
});
