// DESIGN.md section 8: API keys (hash only, scope, revocation, lastUsedAt), the CLI, and every answer of
// /api/v1 about who is calling: 401, 403, the per-key rate limit, and problem+json for each error.
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashApiKeyToken } from "@/lib/api-keys/api-key-token";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { resetEnv } from "@/lib/env";
import { api, apiJson } from "../support/api-client";
import { runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";
import { expectProblem } from "../support/ingest-helpers";
import { newTenant } from "../support/tenants";

const db = useTestDatabase();

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

async function tenantWithKeys() {
  const { workspace, owner } = await newTenant("Keys");
  const read = await createApiKey(workspace.id, { name: "Reader", scope: "read" });
  const write = await createApiKey(workspace.id, { name: "Writer", scope: "write" });
  return { workspace, owner, read: read.token, write: write.token, readId: read.id, writeId: write.id };
}

describe("API keys", () => {
  it("are llk_ plus at least 128 random bits, stored only as a SHA-256 hash", async () => {
    const { workspace } = await newTenant("Hash");
    const key = await createApiKey(workspace.id, { name: "Zapier" });
    expect(key.token).toMatch(/^llk_[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(key.token.slice(4), "base64url").length * 8).toBeGreaterThanOrEqual(128);
    expect(key.scope).toBe("read");
    const rows = await db.current.prisma.$queryRaw<Record<string, unknown>[]>`SELECT * FROM api_keys WHERE id = ${key.id}::uuid`;
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(key.token);
    expect(rows[0]!.token_hash).toBe(hashApiKeyToken(key.token));
  });

  it("CLI: apikey create prints exactly {id, name, scope, token}; apikey revoke ends the key", async () => {
    const { workspace } = await newTenant("Cli");
    const created = await runJson("apikey", "create", "--workspace", workspace.slug, "--name", "n8n", "--scope", "write");
    expect(created.code).toBe(0);
    expect(Object.keys(created.body)).toEqual(["id", "name", "scope", "token"]);
    expect(created.body).toEqual({ id: expect.any(String), name: "n8n", scope: "write", token: expect.stringMatching(/^llk_/) });
    expect((await api("/api/v1/links", { key: created.body.token })).status).toBe(200);

    const revoked = await runJson("apikey", "revoke", "--workspace", workspace.slug, "--id", created.body.id);
    expect(revoked.code).toBe(0);
    await expectProblem(await api("/api/v1/links", { key: created.body.token }), 401, "unauthorized");

    const bad = await runJson("apikey", "create", "--workspace", workspace.slug, "--name", "x", "--scope", "admin");
    expect(bad.code).toBe(1);
    expect(bad.body.error.code).toBe("validation_failed");
    const other = await newTenant("Other");
    const foreign = await runJson("apikey", "revoke", "--workspace", other.workspace.slug, "--id", created.body.id);
    expect(foreign.body.error.code).toBe("api_key_not_found");
  });
});

describe("authentication", () => {
  it("no key, a malformed header, an unknown key and a revoked key are 401 unauthorized with WWW-Authenticate", async () => {
    const { workspace, read } = await tenantWithKeys();
    const none = await api("/api/v1/leads");
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    await expectProblem(none, 401, "unauthorized");
    await expectProblem(await api("/api/v1/leads", { headers: { authorization: `Basic ${read}` } }), 401, "unauthorized");
    await expectProblem(await api("/api/v1/leads", { key: "llk_not-a-key" }), 401, "unauthorized");
    await expectProblem(await api("/api/v1/leads", { key: `llk_${"A".repeat(32)}` }), 401, "unauthorized");

    const doomed = await createApiKey(workspace.id, { name: "Doomed" });
    expect((await api("/api/v1/leads", { key: doomed.token })).status).toBe(200);
    await revokeApiKey(workspace.id, doomed.id);
    await expectProblem(await api("/api/v1/leads", { key: doomed.token }), 401, "unauthorized");
  });

  it("records lastUsedAt", async () => {
    const { workspace } = await newTenant("Used");
    const key = await createApiKey(workspace.id, { name: "Sync" });
    expect(key.lastUsedAt).toBeNull();
    await api("/api/v1/fields", { key: key.token });
    const row = await db.current.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.lastUsedAt).toBeInstanceOf(Date);
  });

  it("a read key reads and is refused (403 forbidden) every write; a write key does both", async () => {
    const { read, write } = await tenantWithKeys();
    for (const path of ["/api/v1/leads", "/api/v1/links", "/api/v1/fields", "/api/v1/webhooks"]) {
      expect((await api(path, { key: read })).status).toBe(200);
    }
    const writes: [string, "POST" | "PATCH" | "DELETE", unknown?][] = [
      ["/api/v1/links", "POST", { name: "From the API" }],
      ["/api/v1/fields", "POST", { name: "company", label: "Company" }],
      ["/api/v1/webhooks", "POST", { url: "https://example.com/hook" }],
      [`/api/v1/links/${crypto.randomUUID()}/revoke`, "POST"],
      [`/api/v1/webhooks/${crypto.randomUUID()}`, "DELETE"],
      [`/api/v1/leads/${crypto.randomUUID()}`, "PATCH", { status: "won" }],
      [`/api/v1/leads/${crypto.randomUUID()}`, "DELETE"],
    ];
    for (const [path, method, body] of writes) {
      await expectProblem(await api(path, { key: read, method, body }), 403, "forbidden");
    }
    const created = await apiJson("/api/v1/links", { key: write, method: "POST", body: { name: "From the API" } });
    expect(created.status).toBe(201);
  });
});

describe("rate limit per key", () => {
  it("refuses a key beyond API_RATE_LIMIT with 429 and Retry-After; other keys keep their own budget", async () => {
    vi.stubEnv("API_RATE_LIMIT", "3/min");
    resetEnv();
    const { read, write } = await tenantWithKeys();
    for (let i = 0; i < 3; i++) {
      const ok = await api("/api/v1/fields", { key: read });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("ratelimit-limit")).toBe("3");
    }
    const limited = await api("/api/v1/fields", { key: read });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    await expectProblem(limited, 429, "rate_limited");
    expect((await api("/api/v1/fields", { key: write })).status).toBe(200);
  });
});

describe("every error is problem+json", () => {
  it("bodies, queries, unknown ids and paths, and the operations not available yet", async () => {
    const { write } = await tenantWithKeys();
    await expectProblem(await api("/api/v1/links", { key: write, method: "POST", body: "{nope" }), 400, "invalid_json");
    await expectProblem(await api("/api/v1/links", { key: write, method: "POST", body: "[1]" }), 400, "body_not_object");
    await expectProblem(
      await api("/api/v1/links", {
        key: write,
        method: "POST",
        body: "name=x",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      415,
      "unsupported_media_type",
    );
    await expectProblem(
      await api("/api/v1/links", { key: write, method: "POST", body: { name: "x".repeat(70_000) } }),
      413,
      "payload_too_large",
    );
    const invalid = await expectProblem(
      await api("/api/v1/links", { key: write, method: "POST", body: { name: "" } }),
      422,
      "validation_failed",
    );
    expect(invalid.errors.map((issue: { field: string }) => issue.field)).toEqual(["name"]);
    await expectProblem(await api("/api/v1/leads?limit=1001", { key: write }), 422, "validation_failed");
    await expectProblem(await api("/api/v1/leads?limit=abc", { key: write }), 422, "validation_failed");
    await expectProblem(await api("/api/v1/leads?cursor=garbage", { key: write }), 422, "validation_failed");
    await expectProblem(await api("/api/v1/leads?updatedAfter=yesterday", { key: write }), 422, "validation_failed");
    await expectProblem(await api("/api/v1/leads?captureLinkId=1", { key: write }), 422, "validation_failed");
    await expectProblem(await api("/api/v1/leads/not-a-uuid", { key: write }), 404, "lead_not_found");
    await expectProblem(await api(`/api/v1/leads/${crypto.randomUUID()}`, { key: write }), 404, "lead_not_found");
    await expectProblem(await api("/api/v1/links/nope/revoke", { key: write, method: "POST" }), 404, "capture_link_not_found");
    await expectProblem(await api("/api/v1/webhooks/nope", { key: write, method: "DELETE" }), 404, "webhook_not_found");
    await expectProblem(
      await api("/api/v1/webhooks", { key: write, method: "POST", body: { url: "ftp://example.com" } }),
      422,
      "validation_failed",
    );
    await expectProblem(
      await api("/api/v1/fields", { key: write, method: "POST", body: { name: "x", label: "X", type: "colour" } }),
      422,
      "validation_failed",
    );
    await expectProblem(
      await api(`/api/v1/leads/${crypto.randomUUID()}`, { key: write, method: "PATCH", body: {} }),
      404,
      "lead_not_found",
    );
    await expectProblem(
      await api(`/api/v1/leads/${crypto.randomUUID()}`, { key: write, method: "DELETE" }),
      404,
      "lead_not_found",
    );
    await expectProblem(await api("/api/v1/nothing/here", { key: write }), 404, "not_found");
    const wrongMethod = await api("/api/v1/leads", { key: write, method: "PUT" });
    expect(wrongMethod.headers.get("allow")).toBe("GET");
    await expectProblem(wrongMethod, 405, "method_not_allowed");
  });
});
