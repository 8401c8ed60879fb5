// Issue 24: the audit log records every kind of change DESIGN.md section 9 lists, from every path (the admin's
// server actions, the CLI, the management API), naming what changed (links, fields, keys, endpoints, members by
// name, email or URL; leads by id) with before → after for updates, and never a secret.
import "../support/server-action";
import { createTranslator } from "use-intl/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeyAction, revokeApiKeyAction } from "@/app/(admin)/w/[slug]/api-keys/actions";
import { createFieldAction, updateFieldAction } from "@/app/(admin)/w/[slug]/fields/actions";
import { createLinkAction, updateLinkSettingsAction } from "@/app/(admin)/w/[slug]/links/actions";
import { changeMemberRoleAction, inviteMemberAction } from "@/app/(admin)/w/[slug]/members/actions";
import { createEndpointAction, deleteEndpointAction, rotateSecretAction } from "@/app/(admin)/w/[slug]/webhooks/actions";
import { acceptInvitationAction } from "@/app/(auth)/invite/[token]/actions";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { type AuditTranslate, describeAuditEntry } from "@/lib/audit/describe-audit";
import { type AuditEntryJson, listAuditEntries } from "@/lib/audit/list-audit";
import { recordAudit } from "@/lib/audit/record";
import { openToken } from "@/lib/auth/seal-token";
import { resetEnv } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";
import { apiJson } from "../support/api-client";
import { run, runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";
import { uniqueEmail } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { newMember, newTenant, newUser } from "../support/tenants";

const db = useTestDatabase();
const names = ["WEBHOOK_ALLOW_PRIVATE_NETWORKS", "SMTP_URL", "MAIL_FROM"] as const;
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));

function setEnv(name: (typeof names)[number], value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetEnv();
}

beforeAll(() => {
  // Endpoints on 127.0.0.1 (nothing is delivered: no dispatcher runs); invitations need email configured.
  setEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "1");
  setEnv("SMTP_URL", "smtp://127.0.0.1:2525");
  setEnv("MAIL_FROM", "leads@leadlink.test");
});

afterAll(() => {
  for (const name of names) setEnv(name, saved[name]);
});

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

function words(locale: Locale): AuditTranslate {
  return createTranslator({ locale, messages: messagesFor(locale), namespace: "privacy.audit" }) as unknown as AuditTranslate;
}

/** The one entry of `action` by `kind` of actor naming `name` (fails the test when there is none, or several). */
function entryOf(entries: AuditEntryJson[], action: string, kind: string, name: string): AuditEntryJson {
  const found = entries.filter(
    (entry) => entry.action === action && entry.actor.kind === kind && (entry.details as { name?: string }).name === name,
  );
  expect(found, `${action} by ${kind} naming ${name} in ${JSON.stringify(entries, null, 1)}`).toHaveLength(1);
  return found[0]!;
}

async function redirected(promise: Promise<unknown>): Promise<void> {
  await expect(promise).rejects.toThrow(/NEXT_REDIRECT/);
}

describe("audit log", () => {
  it("records API keys, webhooks, links, fields and invitations from the page, the CLI and the API, by name", async () => {
    const { owner, workspace } = await newTenant("Audited");
    const slug = workspace.slug;

    // API keys from the page and from the command line.
    const made = await callAction(owner, () => createApiKeyAction(slug, {}, form({ name: "Zapier", scope: "write" })));
    expect(made.ok).toBe(true);
    const [pageKey] = (await listAuditEntries(workspace.id)).filter((entry) => entry.action === "api_key.created");
    expect(await callAction(owner, () => revokeApiKeyAction(slug, pageKey!.target!.id))).toMatchObject({ ok: true });
    const cliKey = await runJson("apikey", "create", "--workspace", slug, "--name", "Cron job", "--scope", "write");
    expect(cliKey.code).toBe(0);
    expect((await run("apikey", "revoke", "--workspace", slug, "--id", cliKey.body.id)).code).toBe(0);

    // Webhooks from the page: created, secret rotated, deleted.
    const created = await callAction(owner, () =>
      createEndpointAction(slug, {}, form({ url: "http://127.0.0.1:9/crm", description: "Our CRM" })),
    );
    expect(created.ok).toBe(true);
    const rotated = await callAction(owner, () => rotateSecretAction(slug, created.endpointId!, {}, form({})));
    expect(rotated.secret).toMatch(/^whsec_/);
    await redirected(callAction(owner, () => deleteEndpointAction(slug, created.endpointId!)));

    // Links, fields and webhooks through /api/v1, with a key made outside any path (no entry of its own).
    const { token } = await createApiKey(workspace.id, { name: "Sync", scope: "write" });
    const link = await apiJson("/api/v1/links", { key: token, method: "POST", body: { name: "Landing" } });
    expect(link.status).toBe(201);
    expect((await apiJson(`/api/v1/links/${link.body.id}/revoke`, { key: token, method: "POST" })).status).toBe(200);
    const field = await apiJson("/api/v1/fields", { key: token, method: "POST", body: { name: "budget", label: "Budget" } });
    expect(field.status).toBe(201);
    const hook = await apiJson("/api/v1/webhooks", { key: token, method: "POST", body: { url: "http://127.0.0.1:9/zap" } });
    expect(hook.status).toBe(201);
    expect((await apiJson(`/api/v1/webhooks/${hook.body.id}`, { key: token, method: "DELETE" })).status).toBe(204);

    // An invitation sent from the members page, accepted by the invitee (signed out) through its link.
    const invitee = uniqueEmail("invitee");
    const invited = await callAction(owner, () => inviteMemberAction(slug, {}, form({ email: invitee, role: "admin" })));
    expect(invited.ok).toBe(true);
    const mail = await db.current.prisma.emailMessage.findFirstOrThrow({
      where: { workspaceId: workspace.id, kind: "invitation", toAddress: invitee },
      select: { sealedToken: true },
    });
    const inviteToken = openToken(mail.sealedToken!);
    await redirected(callAction(null, () => acceptInvitationAction(inviteToken, {}, form({ password: "new password 1" }))));

    const entries = await listAuditEntries(workspace.id, { limit: 1000 });
    const apiKeyActor = { kind: "api_key", keyName: "Sync" };
    expect(entryOf(entries, "api_key.created", "user", "Zapier").actor.email).toBe(owner.email);
    expect(entryOf(entries, "api_key.revoked", "user", "Zapier").details).toMatchObject({ scope: "write" });
    const cronKey = entryOf(entries, "api_key.created", "cli", "Cron job");
    expect(describeAuditEntry(words("pt-BR"), cronKey).lines).toEqual(["Escopo: escrita"]);
    entryOf(entries, "api_key.revoked", "cli", "Cron job");
    const endpointName = "http://127.0.0.1:9/crm";
    expect(entryOf(entries, "webhook.created", "user", endpointName).details).toMatchObject({ description: "Our CRM" });
    expect(entryOf(entries, "webhook.secret_rotated", "user", endpointName).details).toMatchObject({
      changes: [{ field: "secret" }],
    });
    entryOf(entries, "webhook.deleted", "user", endpointName);
    expect(entryOf(entries, "link.created", "api_key", "Landing").actor).toMatchObject(apiKeyActor);
    expect(entryOf(entries, "link.revoked", "api_key", "Landing").target).toEqual({ type: "capture_link", id: link.body.id });
    expect(entryOf(entries, "field.created", "api_key", "budget").details).toMatchObject({ label: "Budget", type: "text" });
    entryOf(entries, "webhook.created", "api_key", "http://127.0.0.1:9/zap");
    expect(entryOf(entries, "webhook.deleted", "api_key", "http://127.0.0.1:9/zap").actor).toMatchObject(apiKeyActor);
    expect(entryOf(entries, "invitation.sent", "user", invitee)).toMatchObject({
      actor: { email: owner.email },
      details: { role: "admin" },
    });
    expect(entryOf(entries, "invitation.accepted", "user", invitee).actor.email).toBe(invitee);

    // No secret reaches the log: API tokens, webhook secrets, the invitation's link.
    const log = JSON.stringify(entries);
    for (const secret of [made.created!.token, cliKey.body.token, token, created.secret!, rotated.secret!, inviteToken]) {
      expect(log).not.toContain(secret);
    }

    // The page and the CLI word entries by name, not by id.
    const landing = describeAuditEntry(words("pt-BR"), entryOf(entries, "link.created", "api_key", "Landing"));
    expect(landing).toEqual({ action: "Criou um link de captura", name: "Landing", lines: [] });
    const listed = await run("audit", "list", "--workspace", slug);
    expect(listed.stdout).toContain("api key Sync  -  Revoked a capture link “Landing”");
    expect(listed.stdout).toContain(`Invited a member “${invitee}”`);
  });

  it("an update names what changed, before → after, and only names a secret", async () => {
    const { owner, workspace } = await newTenant("Renames");
    const slug = workspace.slug;
    expect(
      await callAction(owner, () => createFieldAction(slug, {}, form({ name: "budget", label: "Budget", type: "text" }))),
    ).toMatchObject({ ok: true });
    const [field] = await db.current.prisma.customField.findMany({ where: { workspaceId: workspace.id } });
    expect(
      await callAction(owner, () => updateFieldAction(slug, field!.id, {}, form({ label: "Monthly budget" }))),
    ).toMatchObject({ ok: true });

    await redirected(callAction(owner, () => createLinkAction(slug, {}, form({ name: "Landing" }))));
    const [link] = await db.current.prisma.captureLink.findMany({ where: { workspaceId: workspace.id } });
    const settings = form({
      name: "Landing",
      requireConsent: "on",
      allowedOrigins: "https://shop.example.com",
      captchaProvider: "turnstile",
      captchaSecret: "0x4AAA-very-secret",
      captchaSiteKey: "0x4AAA-public",
    });
    expect(await callAction(owner, () => updateLinkSettingsAction(slug, link!.id, {}, settings))).toMatchObject({ ok: true });

    const entries = await listAuditEntries(workspace.id);
    const renamed = entryOf(entries, "field.updated", "user", "budget");
    expect(renamed.details).toMatchObject({ changes: [{ field: "label", from: "Budget", to: "Monthly budget" }] });
    expect(describeAuditEntry(words("pt-BR"), renamed)).toEqual({
      action: "Alterou um campo personalizado",
      name: "budget",
      lines: ["Rótulo: “Budget” → “Monthly budget”"],
    });

    const changed = entryOf(entries, "link.updated", "user", "Landing");
    expect((changed.details as { changes: unknown[] }).changes).toEqual([
      { field: "allowedOrigins", from: [], to: ["https://shop.example.com"] },
      { field: "requireConsent", from: false, to: true },
      { field: "captchaProvider", from: null, to: "turnstile" },
      { field: "captchaSecret" },
      { field: "captchaSiteKey", from: null, to: "0x4AAA-public" },
    ]);
    expect(JSON.stringify(entries)).not.toContain("very-secret");
    expect(describeAuditEntry(words("en"), changed).lines).toEqual([
      "Allowed origins: (none) → https://shop.example.com",
      "Requires consent: no → yes",
      "Captcha: (none) → “turnstile”",
      "Captcha secret: changed (not shown)",
      "Captcha site key: (none) → “0x4AAA-public”",
    ]);
    expect((await run("audit", "list", "--workspace", slug)).stdout).toContain("    Label: “Budget” → “Monthly budget”");

    // A member's role, by email, from → to.
    const member = await newMember(workspace.id, "member");
    expect(await callAction(owner, () => changeMemberRoleAction(slug, member.id, {}, form({ role: "admin" })))).toMatchObject({
      ok: true,
    });
    const promoted = entryOf(await listAuditEntries(workspace.id), "member.role_changed", "user", member.email);
    expect(describeAuditEntry(words("pt-BR"), promoted).lines).toEqual(["Papel: membro → administrador"]);
  });

  it("starts a workspace's log with its creation, named, by whoever created it", async () => {
    const owner = await newUser("founder");
    const created = await runJson("workspace", "create", "--name", "Padaria Pão Quente", "--owner", owner.email);
    expect(created.code).toBe(0);
    const [entry] = await listAuditEntries(created.body.id);
    expect(entry).toMatchObject({
      action: "workspace.created",
      actor: { kind: "cli" },
      details: { name: "Padaria Pão Quente", owner: owner.email, country: "BR" },
    });
  });

  it("still words entries written before they named anything", async () => {
    const { owner, workspace } = await newTenant("Older");
    const target = { targetType: "custom_field", targetId: crypto.randomUUID() };
    await recordAudit({ kind: "user", userId: owner.id }, { workspaceId: workspace.id, action: "field.archived", ...target });
    const [entry] = await listAuditEntries(workspace.id);
    expect(describeAuditEntry(words("en"), entry!)).toEqual({ action: "Archived a custom field", name: null, lines: [] });
    expect((await run("audit", "list", "--workspace", workspace.slug)).stdout).toContain(
      `Archived a custom field ${target.targetId}`,
    );
  });
});
