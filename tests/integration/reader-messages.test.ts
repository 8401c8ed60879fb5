// DESIGN.md section 13, part 1 (issue 27): the workspace's language and time zone (page action, CLI, scoped,
// audited); every email in the member's language and the workspace's zone against a real SMTP server
// (smtp-server + mailparser), with values as the admin shows them; Slack in the workspace's language against a
// local receiver; the digest on the member's local day, sent at 08:00 there (an injected clock), and "Send me
// a preview now". Each email's HTML is saved under test-results/emails/ to be looked at.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDigestPreviewAction } from "@/app/(admin)/w/[slug]/notifications/actions";
import { updateWorkspaceSettingsAction } from "@/app/(admin)/w/[slug]/settings/workspace/actions";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { enqueueDigests } from "@/lib/channels/email/enqueue-digests";
import { resetEnv } from "@/lib/env";
import { writeEvents } from "@/lib/events/write-events";
import { inviteMember } from "@/lib/invitations/invite-member";
import { setNotificationPreference } from "@/lib/notifications/set-notification-preference";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { workspaceLanguage } from "@/lib/workspaces/message-language";
import { runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";
import { createField, createLink } from "../support/fixtures";
import { postText, uniqueEmail } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { type ReceivedMail, type SmtpTestServer, startSmtpServer } from "../support/smtp-server";
import { newMember, newTenant, newUser } from "../support/tenants";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
let smtp: SmtpTestServer;
let receiver: Receiver;
let dispatcher: Dispatcher;
const names = ["SMTP_URL", "MAIL_FROM", "WEBHOOK_ALLOW_PRIVATE_NETWORKS", "PUBLIC_BASE_URL"] as const;
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
const HTML_DIR = path.join(process.cwd(), "test-results", "emails");

function setEnv(name: (typeof names)[number], value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetEnv();
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startReceiver();
  setEnv("SMTP_URL", smtp.url());
  setEnv("MAIL_FROM", "Leadlink <leads@leadlink.test>");
  setEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "1");
  // http: the signed-in actions' session cookie is then the plain one tests/support/server-action.ts sets.
  setEnv("PUBLIC_BASE_URL", "http://leads.example.com");
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
  mkdirSync(HTML_DIR, { recursive: true });
});

afterAll(async () => {
  await dispatcher?.stop();
  await smtp?.close();
  await receiver?.close();
  for (const name of names) setEnv(name, saved[name]);
});

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

/** Keeps an email's HTML for the screenshots (docs/email.md), and returns its text. */
function keep(name: string, mail: ReceivedMail): string {
  writeFileSync(path.join(HTML_DIR, `${name}.html`), String(mail.parsed.html));
  return mail.parsed.text ?? "";
}

async function post(token: string, body: Record<string, unknown>) {
  const response = await postText(token, JSON.stringify(body));
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as { leadId: string };
}

/** A workspace (and its owner) with a display name a slug could not be made from as the tenants helper makes one. */
async function named(name: string) {
  const tenant = await newTenant("padaria");
  await db.current.prisma.workspace.update({ where: { id: tenant.workspace.id }, data: { name } });
  return { ...tenant, workspace: { ...tenant.workspace, name } };
}

/** A Brazilian workspace named "Padaria Sol Nascente" with a link, custom fields of every type, and a member. */
async function bakery(memberLocale: "pt-BR" | "en" | null) {
  const { owner, workspace } = await named("Padaria Sol Nascente");
  const link = await createLink(db.current, workspace.id);
  await createField(db.current, workspace.id, { name: "whatsapp_ok", label: "Aceita WhatsApp?", type: "boolean" });
  await createField(db.current, workspace.id, { name: "event_date", label: "Data do evento", type: "date" });
  await createField(db.current, workspace.id, {
    name: "flavour",
    label: "Sabor",
    type: "select",
    options: ["Chocolate Belga", "Morango"],
  });
  await createField(db.current, workspace.id, { name: "guests", label: "Convidados", type: "number" });
  const member = await newMember(workspace.id, "member");
  await db.current.prisma.user.update({ where: { id: member.id }, data: { locale: memberLocale } });
  return { owner, workspace, link, member };
}

const TATIANE = {
  name: "Tatiane Gonçalves",
  telephone: "+5511987654321",
  customFields: { whatsapp_ok: "true", event_date: "2026-12-18", flavour: "chocolate belga", guests: "1500" },
};

describe("workspace language and time zone", () => {
  it("start from the owner's language and the country, and workspaceLanguage() reads the stored setting", async () => {
    const br = await newTenant("Brasil");
    expect(await db.current.prisma.workspace.findUniqueOrThrow({ where: { id: br.workspace.id } })).toMatchObject({
      language: "pt-BR",
      timeZone: "America/Sao_Paulo",
    });
    const owner = await newUser("owner");
    await db.current.prisma.user.update({ where: { id: owner.id }, data: { locale: "en" } });
    const { runCli } = await import("@/lib/cli/run-cli");
    await runCli(["workspace", "create", "--name", "Acme US", "--country", "US", "--owner", owner.email, "--json"], {
      stdout: () => undefined,
      stderr: () => undefined,
    });
    const us = await db.current.prisma.workspace.findFirstOrThrow({ where: { name: "Acme US" } });
    expect([us.language, us.timeZone]).toEqual(["en", "UTC"]);
    // The stored setting wins over the owner's language from now on.
    await db.current.prisma.user.update({ where: { id: owner.id }, data: { locale: "pt-BR" } });
    expect(await workspaceLanguage(db.current, us.id)).toBe("en");
  });

  it("are saved by owners and admins on the settings page, validated, audited, and scoped to their workspace", async () => {
    const { owner, workspace } = await newTenant("Settings");
    const other = await newTenant("Other");
    const admin = await newMember(workspace.id, "admin");
    const member = await newMember(workspace.id, "member");

    const saved = await callSettings(admin, workspace.slug, { language: "en", timeZone: "America/Manaus" });
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
    expect(saved.message).toBe("Saved: messages are written in English, times in Manaus time (GMT-4).");
    const row = await db.current.prisma.workspace.findUniqueOrThrow({ where: { id: workspace.id } });
    expect([row.language, row.timeZone]).toEqual(["en", "America/Manaus"]);
    const untouched = await db.current.prisma.workspace.findUniqueOrThrow({ where: { id: other.workspace.id } });
    expect([untouched.language, untouched.timeZone]).toEqual(["pt-BR", "America/Sao_Paulo"]);

    const audit = await db.current.prisma.auditEntry.findFirstOrThrow({
      where: { workspaceId: workspace.id, action: "workspace.settings_changed" },
    });
    expect(audit.details).toMatchObject({
      changes: [
        { field: "language", from: "pt-BR", to: "en" },
        { field: "timeZone", from: "America/Sao_Paulo", to: "America/Manaus" },
      ],
    });

    // A zone that is not IANA's, a language the catalogues do not speak: field errors, nothing saved.
    const bad = await callSettings(owner, workspace.slug, { language: "fr", timeZone: "Mars/Olympus_Mons" }, "pt-BR");
    expect(bad.ok).toBeFalsy();
    expect(Object.keys(bad.fieldErrors ?? {}).sort()).toEqual(["language", "timeZone"]);
    expect(bad.fieldErrors?.timeZone).toMatch(/fuso/i);
    // A member may not; nor may an owner of another workspace (its slug is not theirs).
    expect((await callSettings(member, workspace.slug, { language: "pt-BR" })).ok).toBeFalsy();
    expect((await callSettings(other.owner, workspace.slug, { language: "pt-BR" })).ok).toBeFalsy();
    const after = await db.current.prisma.workspace.findUniqueOrThrow({ where: { id: workspace.id } });
    expect([after.language, after.timeZone]).toEqual(["en", "America/Manaus"]);
  });

  it("are shown and set with the CLI (JSON), with stable error codes for bad input", async () => {
    const { workspace } = await newTenant("Cli");
    const other = await newTenant("cli-other");
    const shown = await runJson("workspace", "settings", "show", "--workspace", workspace.slug);
    expect(shown.body).toEqual({ workspace: workspace.slug, language: "pt-BR", timeZone: "America/Sao_Paulo" });
    const set = await runJson(
      "workspace",
      "settings",
      "set",
      "--workspace",
      workspace.slug,
      "--language",
      "en",
      "--time-zone",
      "Europe/Lisbon",
    );
    expect(set.body).toEqual({ workspace: workspace.slug, language: "en", timeZone: "Europe/Lisbon" });
    const zoneOnly = await runJson("workspace", "settings", "set", "--workspace", workspace.slug, "--time-zone", "utc");
    expect(zoneOnly.body).toEqual({ workspace: workspace.slug, language: "en", timeZone: "UTC" });
    const bad = await runJson("workspace", "settings", "set", "--workspace", workspace.slug, "--time-zone", "Nowhere/Town");
    expect([bad.code, bad.body.error.code]).toEqual([1, "validation_failed"]);
    expect(bad.body.error.errors).toEqual([expect.objectContaining({ field: "timeZone", code: "invalid_time_zone" })]);
    const missing = await runJson("workspace", "settings", "show", "--workspace", "no-such-workspace");
    expect(missing.body.error.code).toBe("workspace_not_found");
    const untouched = await runJson("workspace", "settings", "show", "--workspace", other.workspace.slug);
    expect(untouched.body.language).toBe("pt-BR");
  });
});

async function callSettings(
  user: { id: string; email: string; name: string | null },
  slug: string,
  values: Record<string, string>,
  acceptLanguage = "en",
) {
  return callAction(user, () => updateWorkspaceSettingsAction(slug, {}, form(values)), { acceptLanguage });
}

describe("new-lead email", () => {
  it("is in the member's Portuguese, with values as on screen, the workspace by name, times in its zone", async () => {
    const { workspace, link, member } = await bakery(null);
    await setNotificationPreference(workspace.id, member.id, { mode: "instant" });
    const email = uniqueEmail("tatiane");
    const { leadId } = await post(link.token, { ...TATIANE, email });
    const [mail] = await smtp.waitFor(member.email);
    const text = keep("new-lead-pt-BR", mail!);
    expect(mail!.parsed.subject).toBe("Novo lead: Tatiane Gonçalves (Landing page)");
    expect(mail!.parsed.replyTo?.value[0]?.address).toBe(email);
    expect(text).toContain("Chegou um novo lead em Padaria Sol Nascente.");
    expect(text).not.toContain(`em ${workspace.slug}.`);
    expect(text).toContain("Nome: Tatiane Gonçalves");
    expect(text).toContain("Telefone: +55 11 98765-4321");
    expect(text).toContain("Aceita WhatsApp?: Sim");
    expect(text).toContain("Data do evento: 18/12/2026");
    expect(text).toContain("Sabor: Chocolate Belga");
    expect(text).toContain("Convidados: 1.500");
    const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: leadId } });
    const local = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      day: "numeric",
      month: "short",
      year: "numeric",
    }).format(lead.createdAt);
    expect(text).toMatch(new RegExp(`Recebido em: ${local.replace(".", "\\.")}, \\d\\d:\\d\\d:\\d\\d BRT`));
    expect(text).toContain("Abrir o lead no Leadlink");
    expect(text).not.toMatch(/\btrue\b|New lead|Open the lead/);
    const html = String(mail!.parsed.html);
    expect(html).toMatch(/^<!doctype html><html lang="pt-BR">/);
    expect(html).toContain(`http://leads.example.com/w/${workspace.slug}/leads/${leadId}`);
  });

  it("is in English for a member who chose English, in the workspace's zone", async () => {
    const { workspace, link, member } = await bakery("en");
    await db.current.prisma.workspace.update({ where: { id: workspace.id }, data: { timeZone: "America/New_York" } });
    await setNotificationPreference(workspace.id, member.id, { mode: "instant" });
    await post(link.token, { ...TATIANE, customFields: { ...TATIANE.customFields, whatsapp_ok: false }, email: uniqueEmail() });
    const [mail] = await smtp.waitFor(member.email);
    const text = keep("new-lead-en", mail!);
    expect(mail!.parsed.subject).toBe("New lead: Tatiane Gonçalves (Landing page)");
    expect(text).toContain("A new lead arrived in Padaria Sol Nascente.");
    expect(text).toContain("Phone: +55 11 98765-4321");
    expect(text).toContain("Aceita WhatsApp?: No");
    expect(text).toContain("Data do evento: 12/18/2026");
    expect(text).toContain("Convidados: 1,500");
    expect(text).toMatch(/Received: \w{3} \d{1,2}, \d{4}, \d\d:\d\d:\d\d [AP]M E[SD]T/);
    expect(String(mail!.parsed.html)).toContain('<html lang="en">');
  });
});

describe("digest", () => {
  it("covers the member's previous local day across São Paulo's midnight and is written at 08:00 there", async () => {
    const { workspace, link, member } = await bakery(null);
    await setNotificationPreference(workspace.id, member.id, { mode: "digest" });
    const lateEvening = await post(link.token, { email: uniqueEmail(), name: "Noite de segunda" });
    const afterMidnight = await post(link.token, { email: uniqueEmail(), name: "Madrugada de terça" });
    const morning = await post(link.token, { email: uniqueEmail(), name: "Manhã de segunda" });
    // Monday 2026-03-09 23:30 and 00:05 Tuesday in São Paulo (UTC-3): 02:30 and 03:05 UTC on the 10th.
    await db.current.prisma.lead.update({
      where: { id: lateEvening.leadId },
      data: { createdAt: new Date("2026-03-10T02:30:00Z") },
    });
    await db.current.prisma.lead.update({
      where: { id: afterMidnight.leadId },
      data: { createdAt: new Date("2026-03-10T03:05:00Z") },
    });
    await db.current.prisma.lead.update({ where: { id: morning.leadId }, data: { createdAt: new Date("2026-03-09T03:00:00Z") } });

    // UTC midnight (21:00 in São Paulo) and 07:59 there: nothing is due yet.
    expect(await enqueueDigests(db.current, new Date("2026-03-10T00:00:00Z"))).toBe(0);
    expect(await enqueueDigests(db.current, new Date("2026-03-10T10:59:00Z"))).toBe(0);
    expect(await db.current.prisma.emailMessage.count({ where: { workspaceId: workspace.id } })).toBe(0);
    // 08:00 in São Paulo: Monday's digest, once however often it is asked.
    expect(await enqueueDigests(db.current, new Date("2026-03-10T11:00:00Z"))).toBeGreaterThanOrEqual(1);
    expect(await enqueueDigests(db.current, new Date("2026-03-10T11:01:00Z"))).toBe(0);
    const row = await db.current.prisma.emailMessage.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect(row.digestDay?.toISOString().slice(0, 10)).toBe("2026-03-09");
    dispatcher.wake();

    const [mail] = await smtp.waitFor(member.email);
    const text = keep("digest-pt-BR", mail!);
    expect(mail!.parsed.subject).toBe("2 novos leads em Padaria Sol Nascente em 09/03/2026");
    expect(text).toContain("2 novos leads em Padaria Sol Nascente em 09/03/2026, horário de São Paulo (GMT-3).");
    expect(text).toContain("Noite de segunda");
    expect(text).toContain("Manhã de segunda");
    expect(text).not.toContain("Madrugada de terça");
    expect(text).toContain("Abrir o lead");
    expect(String(mail!.parsed.html)).toContain('<html lang="pt-BR">');
    // Tuesday's lead is in Tuesday's digest, on Wednesday at 08:00.
    expect(await enqueueDigests(db.current, new Date("2026-03-11T11:00:00Z"))).toBeGreaterThanOrEqual(1);
    dispatcher.wake();
    const [, tuesday] = await smtp.waitFor(member.email, 2);
    expect(tuesday!.parsed.subject).toBe("1 novo lead em Padaria Sol Nascente em 10/03/2026");
    expect(tuesday!.parsed.text).toContain("Madrugada de terça");
  });

  it("'Send me a preview now' emails the member the last 24 hours at once, in their language; only their own", async () => {
    const { workspace, link, member } = await bakery("en");
    const other = await bakery(null);
    await post(link.token, { ...TATIANE, email: uniqueEmail() });
    const old = await post(link.token, { email: uniqueEmail(), name: "Last week" });
    await db.current.prisma.lead.update({
      where: { id: old.leadId },
      data: { createdAt: new Date(Date.now() - 7 * 86_400_000) },
    });
    await post(other.link.token, { email: uniqueEmail(), name: "Another workspace's lead" });

    const state = await callAction(member, () => sendDigestPreviewAction(workspace.slug, {}, form({})), { acceptLanguage: "en" });
    expect(state).toMatchObject({ ok: true, message: `On its way to ${member.email}: the digest of the last 24 hours.` });
    const [mail] = await smtp.waitFor(member.email);
    const text = keep("digest-preview-en", mail!);
    expect(mail!.parsed.subject).toBe("Preview: 1 new lead in Padaria Sol Nascente in the last 24 hours");
    expect(text).toContain("Tatiane Gonçalves");
    expect(text).toContain("Phone: +55 11 98765-4321");
    expect(text).not.toContain("Last week");
    expect(text).not.toContain("Another workspace's lead");
    // A member of another workspace cannot ask for this one's.
    const refused = await callAction(other.member, () => sendDigestPreviewAction(workspace.slug, {}, form({})));
    expect(refused.ok).toBeFalsy();
    expect(smtp.to(other.member.email)).toHaveLength(0);
  });
});

describe("invitation, password reset and a disabled endpoint", () => {
  it("an invitation is in the workspace's language, names who invited, and has Reply-To them", async () => {
    const { owner, workspace } = await named("Padaria Sol Nascente");
    await db.current.prisma.user.update({ where: { id: owner.id }, data: { name: "Marina Costa" } });
    const invitee = uniqueEmail("convidada");
    await inviteMember(workspace.id, owner.id, { email: invitee, role: "admin" });
    const [mail] = await smtp.waitFor(invitee);
    const text = keep("invitation-pt-BR", mail!);
    expect(mail!.parsed.subject).toBe("Marina Costa convidou você para Padaria Sol Nascente no Leadlink");
    expect(mail!.parsed.replyTo?.value[0]?.address).toBe(owner.email);
    expect(text).toContain("Marina Costa convidou você para o workspace Padaria Sol Nascente no Leadlink, como administrador.");
    expect(text).toMatch(/até \d{1,2} de \w+\.? de 2\d{3}, \d\d:\d\d:\d\d BRT/);
    expect(String(mail!.parsed.html)).toContain('<html lang="pt-BR">');

    await db.current.prisma.workspace.update({ where: { id: workspace.id }, data: { language: "en" } });
    const english = uniqueEmail("invitee");
    await inviteMember(workspace.id, owner.id, { email: english });
    const [en] = await smtp.waitFor(english);
    keep("invitation-en", en!);
    expect(en!.parsed.subject).toBe("Marina Costa invited you to Padaria Sol Nascente on Leadlink");
    expect(en!.parsed.text).toContain("as a member.");
  });

  it("a password reset is in the user's language", async () => {
    const { owner } = await newTenant("Reset");
    await requestPasswordReset({ email: owner.email }, "203.0.113.9");
    const [pt] = await smtp.waitFor(owner.email);
    keep("password-reset-pt-BR", pt!);
    expect(pt!.parsed.subject).toBe("Redefina sua senha do Leadlink");
    expect(String(pt!.parsed.html)).toContain('<html lang="pt-BR">');
    await db.current.prisma.user.update({ where: { id: owner.id }, data: { locale: "en" } });
    await requestPasswordReset({ email: owner.email }, "203.0.113.9");
    const [, en] = await smtp.waitFor(owner.email, 2);
    keep("password-reset-en", en!);
    expect(en!.parsed.subject).toBe("Reset your Leadlink password");
  });

  it("an endpoint-disabled email is in each admin's language, naming the workspace", async () => {
    const { owner, workspace } = await named("Padaria Sol Nascente");
    const admin = await newMember(workspace.id, "admin");
    await db.current.prisma.user.update({ where: { id: admin.id }, data: { locale: "en" } });
    const endpoint = await createEndpoint(workspace.id, { url: receiver.url("/crm"), description: "CRM" });
    await db.current.prisma.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { enabled: false, disabledReason: "gone" },
    });
    // As the webhook channel does when it disables one: the event, which the runner turns into the admins' emails.
    await writeEvents(db.current, [{ workspaceId: workspace.id, type: "endpoint.disabled", endpointId: endpoint.id }]);
    dispatcher.wake();
    const [pt] = await smtp.waitFor(owner.email);
    const text = keep("endpoint-disabled-pt-BR", pt!);
    expect(pt!.parsed.subject).toBe("Endpoint de webhook desativado em Padaria Sol Nascente");
    expect(text).toContain("ele respondeu 410 Gone");
    expect(text).toContain("Descrição: CRM");
    const [en] = await smtp.waitFor(admin.email);
    keep("endpoint-disabled-en", en!);
    expect(en!.parsed.subject).toBe("Webhook endpoint disabled in Padaria Sol Nascente");
  });
});

describe("Slack", () => {
  it("writes in the workspace's language with the phone as on screen", async () => {
    const { workspace, link } = await bakery(null);
    await createEndpoint(workspace.id, { kind: "slack", url: receiver.url("/slack-pt") });
    await post(link.token, { ...TATIANE, email: "tatiane@example.com" });
    const [pt] = await receiver.waitFor("/slack-pt", 1);
    const text = JSON.parse(pt!.body).text as string;
    expect(text).toMatch(/^\*Novo lead: Tatiane Gonçalves\*\nE-mail: tatiane@example.com\nTelefone: \+55 11 98765-4321\n/);
    expect(text).toContain("|Abrir o lead no Leadlink>");

    await db.current.prisma.workspace.update({ where: { id: workspace.id }, data: { language: "en" } });
    await createEndpoint(workspace.id, { kind: "slack", url: receiver.url("/slack-en") });
    await post(link.token, { name: "John Doe", telephone: "+14155550123", email: uniqueEmail() });
    const requests = await receiver.waitFor("/slack-en", 1);
    const english = JSON.parse(requests.at(-1)!.body).text as string;
    expect(english).toMatch(/^\*New lead: John Doe\*/);
    expect(english).toContain("Phone: +1 415 555-0123");
  });
});
