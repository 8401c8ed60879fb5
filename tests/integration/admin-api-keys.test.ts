// The admin's API keys page (DESIGN.md section 8): owners and admins create keys (the token once) and
// revoke them; members cannot; another workspace's key cannot be revoked from this one.
import "../support/server-action";
import { describe, expect, it } from "vitest";
import { createApiKeyAction, revokeApiKeyAction } from "@/app/(admin)/w/[slug]/api-keys/actions";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { api } from "../support/api-client";
import { useTestDatabase } from "../support/database";
import { callAction } from "../support/server-action";
import { newMember, newTenant } from "../support/tenants";

useTestDatabase();

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe("API keys page actions", () => {
  it("an admin creates a key: the token comes back once, the list shows only its prefix and who made it", async () => {
    const { workspace } = await newTenant("Admins");
    const admin = await newMember(workspace.id, "admin");
    const state = await callAction(admin, () => createApiKeyAction(workspace.slug, {}, form({ name: "Zapier", scope: "write" })));
    expect(state.ok).toBe(true);
    expect(state.created).toEqual({ name: "Zapier", scope: "write", token: expect.stringMatching(/^llk_/) });
    const [listed] = await listApiKeys(workspace.id);
    expect(listed).toMatchObject({ name: "Zapier", scope: "write", createdBy: { email: admin.email } });
    expect(JSON.stringify(listed)).not.toContain(state.created!.token);
    expect(state.created!.token.startsWith(listed!.tokenPrefix)).toBe(true);
    expect((await api("/api/v1/links", { key: state.created!.token, method: "POST", body: { name: "Z" } })).status).toBe(201);

    const invalid = await callAction(admin, () => createApiKeyAction(workspace.slug, {}, form({ name: " ", scope: "root" })));
    expect(invalid.ok).toBe(false);
    expect(Object.keys(invalid.fieldErrors ?? {}).sort()).toEqual(["name", "scope"]);
  });

  it("members, strangers and the signed-out can neither create nor revoke", async () => {
    const { workspace, owner } = await newTenant("Guarded");
    const member = await newMember(workspace.id, "member");
    const strangers = await newTenant("Stranger");
    const stranger = strangers.owner;
    expect((await callAction(member, () => createApiKeyAction(workspace.slug, {}, form({ name: "x" })))).code).toBe("forbidden");
    expect((await callAction(stranger, () => createApiKeyAction(workspace.slug, {}, form({ name: "x" })))).code).toBe(
      "not_found",
    );
    expect((await callAction(null, () => createApiKeyAction(workspace.slug, {}, form({ name: "x" })))).code).toBe("unauthorized");

    const created = await callAction(owner, () => createApiKeyAction(workspace.slug, {}, form({ name: "CRM" })));
    const [key] = await listApiKeys(workspace.id);
    expect((await callAction(member, () => revokeApiKeyAction(workspace.slug, key!.id))).code).toBe("forbidden");
    // The stranger's own workspace does not have this key.
    expect((await callAction(stranger, () => revokeApiKeyAction(strangers.workspace.slug, key!.id))).code).toBe(
      "api_key_not_found",
    );
    expect((await api("/api/v1/leads", { key: created.created!.token })).status).toBe(200);

    expect((await callAction(owner, () => revokeApiKeyAction(workspace.slug, key!.id))).ok).toBe(true);
    expect((await listApiKeys(workspace.id))[0]!.revokedAt).toBeInstanceOf(Date);
    expect((await api("/api/v1/leads", { key: created.created!.token })).status).toBe(401);
  });
});
