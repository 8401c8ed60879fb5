// DESIGN.md section 15: a link's source chosen at creation through the CLI and the API, each source's settings
// checked (every invalid part named in one 422), secrets masked whenever the link is read back, and audited.
import "../support/server-action";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLinkAction } from "@/app/(admin)/w/[slug]/links/actions";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { MAPPING_PRESETS } from "@/lib/capture/sources/mapping/presets";
import { apiJson } from "../support/api-client";
import { runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";
import { callAction } from "../support/server-action";
import { newTenant } from "../support/tenants";

const db = useTestDatabase();

async function tenantWithKey(name: string) {
  const { workspace } = await newTenant(name);
  const key = (await createApiKey(workspace.id, { name: "Sync", scope: "write" })).token;
  return { workspace, key };
}

describe("link create --source (CLI)", () => {
  it("google_ads: prints the source and the generated key, which the link keeps", async () => {
    const { workspace } = await newTenant("cligoogle");
    const { code, body } = await runJson(
      "link",
      "create",
      "--workspace",
      workspace.slug,
      "--name",
      "Ads",
      "--source",
      "google_ads",
    );
    expect(code).toBe(0);
    expect(body).toMatchObject({ name: "Ads", source: "google_ads", key: expect.stringMatching(/^gk_[A-Za-z0-9_-]{22}$/) });
    const stored = await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: body.id } });
    expect(stored).toMatchObject({ source: "google_ads", sourceSettings: { key: body.key } });
    const audit = await db.current.prisma.auditEntry.findFirstOrThrow({
      where: { workspaceId: workspace.id, action: "link.created" },
    });
    expect(audit.details).toMatchObject({ name: "Ads", source: "google_ads" });
  });

  it("meta_lead_ads, rd_station and mapping (preset and file) store their settings; json stays the default", async () => {
    const { workspace } = await newTenant("clisources");
    const ws = ["--workspace", workspace.slug];
    const meta = await runJson(
      "link",
      "create",
      ...ws,
      "--name",
      "Meta",
      "--source",
      "meta_lead_ads",
      "--meta-app-secret",
      "app-secret-123456",
      "--meta-page-token",
      "EAAB-page-token",
      "--meta-verify-token",
      "verify-me",
    );
    expect(meta.body).toMatchObject({ source: "meta_lead_ads" });
    expect(meta.body).not.toHaveProperty("key");
    const rd = await runJson("link", "create", ...ws, "--name", "RD", "--source", "rd_station");
    const preset = await runJson(
      "link",
      "create",
      ...ws,
      "--name",
      "Typeform",
      "--source",
      "mapping",
      "--preset",
      "typeform",
      "--signing-secret",
      "tf-secret",
    );
    const file = path.join(tmpdir(), `mapping-${workspace.slug}.jsonata`);
    writeFileSync(file, '{"email": answers.email, "name": answers.name}');
    const own = await runJson("link", "create", ...ws, "--name", "Own", "--source", "mapping", "--mapping-file", file);
    const json = await runJson("link", "create", ...ws, "--name", "Json");
    expect([rd.body.source, preset.body.source, own.body.source, json.body.source]).toEqual([
      "rd_station",
      "mapping",
      "mapping",
      "json",
    ]);

    const stored = Object.fromEntries(
      (await db.current.prisma.captureLink.findMany({ where: { workspaceId: workspace.id } })).map((link) => [link.name, link]),
    );
    expect(stored.Meta!.sourceSettings).toEqual({
      appSecret: "app-secret-123456",
      pageAccessToken: "EAAB-page-token",
      verifyToken: "verify-me",
    });
    expect(stored.RD!.sourceSettings).toEqual({});
    expect(stored.Typeform!.sourceSettings).toEqual({
      preset: "typeform",
      expression: MAPPING_PRESETS.typeform.expression,
      signingSecret: "tf-secret",
    });
    expect(stored.Own!.sourceSettings).toEqual({
      preset: null,
      expression: '{"email": answers.email, "name": answers.name}',
      signingSecret: null,
    });
    expect(stored.Json).toMatchObject({ source: "json", sourceSettings: null });
  });

  it("names every missing Meta setting in one failure, and refuses an unknown source", async () => {
    const { workspace } = await newTenant("cliinvalid");
    const meta = await runJson(
      "link",
      "create",
      "--workspace",
      workspace.slug,
      "--name",
      "Meta",
      "--source",
      "meta_lead_ads",
      "--meta-app-secret",
      "s",
    );
    expect(meta.code).toBe(1);
    expect(meta.body.error.code).toBe("validation_failed");
    expect(meta.body.error.errors.map((issue: { field: string }) => issue.field).sort()).toEqual([
      "sourceSettings.pageAccessToken",
      "sourceSettings.verifyToken",
    ]);
    const unknown = await runJson("link", "create", "--workspace", workspace.slug, "--name", "X", "--source", "zapier");
    expect(unknown.body.error.errors.map((issue: { field: string }) => issue.field)).toEqual(["source"]);
    expect(await db.current.prisma.captureLink.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });
});

describe("POST /api/v1/links with a source", () => {
  it("creates each source; secrets are masked in the answer and the list, the stored ones are whole", async () => {
    const { workspace, key } = await tenantWithKey("apisources");
    const meta = await apiJson("/api/v1/links", {
      method: "POST",
      key,
      body: {
        name: "Meta",
        source: "meta_lead_ads",
        sourceSettings: { appSecret: "app-secret-123456", pageAccessToken: "EAAB-page-token", verifyToken: "verify-me" },
      },
    });
    expect(meta.status).toBe(201);
    expect(meta.body).toMatchObject({
      source: "meta_lead_ads",
      sourceSettings: { appSecret: "ap••••", pageAccessToken: "EA••••", verifyToken: "verify-me" },
    });
    const google = await apiJson("/api/v1/links", { method: "POST", key, body: { name: "Google", source: "google_ads" } });
    expect(google.body.sourceSettings.key).toMatch(/^gk_/);
    const mapping = await apiJson("/api/v1/links", {
      method: "POST",
      key,
      body: { name: "Tally", source: "mapping", sourceSettings: { preset: "tally", signingSecret: "tally-secret" } },
    });
    expect(mapping.body.sourceSettings).toEqual({
      preset: "tally",
      expression: MAPPING_PRESETS.tally.expression,
      signingSecret: "ta••••",
    });
    const rd = await apiJson("/api/v1/links", { method: "POST", key, body: { name: "RD", source: "rd_station" } });
    expect(rd.body).toMatchObject({ source: "rd_station", sourceSettings: {} });

    const list = await apiJson("/api/v1/links", { key });
    const byName = Object.fromEntries(list.body.data.map((link: { name: string }) => [link.name, link]));
    expect(byName.Meta.sourceSettings.appSecret).toBe("ap••••");
    expect(byName.Tally.sourceSettings.signingSecret).toBe("ta••••");
    expect(JSON.stringify(list.body)).not.toContain("app-secret-123456");
    const stored = await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: meta.body.id } });
    expect(stored.sourceSettings).toMatchObject({ appSecret: "app-secret-123456", pageAccessToken: "EAAB-page-token" });
    expect(stored.workspaceId).toBe(workspace.id);
  });

  it("names every invalid part in one 422: the name, the source's settings", async () => {
    const { key } = await tenantWithKey("apiinvalid");
    const answer = await apiJson("/api/v1/links", {
      method: "POST",
      key,
      body: { name: "", source: "mapping", sourceSettings: { preset: "wix", signingSecret: "" } },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("validation_failed");
    expect(answer.body.errors.map((issue: { field: string }) => issue.field).sort()).toEqual([
      "name",
      "sourceSettings.expression",
      "sourceSettings.preset",
      "sourceSettings.signingSecret",
    ]);
    const json = await apiJson("/api/v1/links", { method: "POST", key, body: { name: "J", sourceSettings: { key: "x" } } });
    expect(json.status).toBe(422);
    expect(json.body.errors.map((issue: { field: string }) => issue.field)).toEqual(["sourceSettings"]);
  });

  it("lists only the caller's workspace's links and their settings", async () => {
    const a = await tenantWithKey("apialpha");
    const b = await tenantWithKey("apibeta");
    await apiJson("/api/v1/links", { method: "POST", key: a.key, body: { name: "Alpha Google", source: "google_ads" } });
    const listB = await apiJson("/api/v1/links", { key: b.key });
    expect(listB.body.data.map((link: { name: string }) => link.name)).not.toContain("Alpha Google");
    const listA = await apiJson("/api/v1/links", { key: a.key });
    expect(listA.body.data.map((link: { name: string }) => link.name)).toContain("Alpha Google");
  });
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("the admin's New capture link form", () => {
  it("creates a google_ads link with a generated key, and a mapping link from a preset", async () => {
    const { owner, workspace } = await newTenant("adminsources");
    await expect(
      callAction(owner, () => createLinkAction(workspace.slug, {}, form({ name: "Ads", source: "google_ads" }))),
    ).rejects.toThrow(/NEXT_REDIRECT/);
    await expect(
      callAction(owner, () =>
        createLinkAction(workspace.slug, {}, form({ name: "Form", source: "mapping", "sourceSettings.preset": "jotform" })),
      ),
    ).rejects.toThrow(/NEXT_REDIRECT/);
    const links = await db.current.prisma.captureLink.findMany({
      where: { workspaceId: workspace.id },
      orderBy: { name: "asc" },
    });
    expect(links.map((link) => [link.name, link.source])).toEqual([
      ["Ads", "google_ads"],
      ["Form", "mapping"],
    ]);
    expect((links[0]!.sourceSettings as { key: string }).key).toMatch(/^gk_/);
    expect(links[1]!.sourceSettings).toEqual({
      preset: "jotform",
      expression: MAPPING_PRESETS.jotform.expression,
      signingSecret: null,
    });
  });

  it("shows each missing Meta setting next to its box, in the admin's language", async () => {
    const { owner, workspace } = await newTenant("adminmeta");
    const fields = form({ name: "Meta", source: "meta_lead_ads", "sourceSettings.appSecret": "s3cret" });
    const english = await callAction(owner, () => createLinkAction(workspace.slug, {}, fields), { acceptLanguage: "en-US" });
    expect(english).toMatchObject({
      ok: false,
      fieldErrors: { "sourceSettings.pageAccessToken": "is required", "sourceSettings.verifyToken": "is required" },
    });
    const portuguese = await callAction(owner, () => createLinkAction(workspace.slug, {}, fields), {
      acceptLanguage: "pt-BR,pt;q=0.9",
    });
    expect(portuguese).toMatchObject({
      ok: false,
      fieldErrors: { "sourceSettings.pageAccessToken": "é obrigatório", "sourceSettings.verifyToken": "é obrigatório" },
    });
    expect(await db.current.prisma.captureLink.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });
});
