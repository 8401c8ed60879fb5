// DESIGN.md section 13 (issue 27): a member's own time zone, chosen on the account page. Their emails' times
// and their digest (the previous local day, written at 08:00 there) follow it, against a real SMTP server
// (smtp-server + mailparser); without one, the workspace's zone. The admin shows times in it too.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTimeZoneAction } from "@/app/(admin)/account/time-zone-action";
import { enqueueDigests } from "@/lib/channels/email/enqueue-digests";
import { resetEnv } from "@/lib/env";
import { setNotificationPreference } from "@/lib/notifications/set-notification-preference";
import { getViewer } from "@/lib/request/viewer";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { useTestDatabase } from "../support/database";
import { createLink } from "../support/fixtures";
import { postText, uniqueEmail } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();
let smtp: SmtpTestServer;
let dispatcher: Dispatcher;
const names = ["SMTP_URL", "MAIL_FROM", "PUBLIC_BASE_URL"] as const;
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));

function setEnv(name: (typeof names)[number], value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetEnv();
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  setEnv("SMTP_URL", smtp.url());
  setEnv("MAIL_FROM", "Leadlink <leads@leadlink.test>");
  setEnv("PUBLIC_BASE_URL", "http://leads.example.com");
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await smtp?.close();
  for (const name of names) setEnv(name, saved[name]);
});

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

type Member = Awaited<ReturnType<typeof newMember>>;

async function chooseZone(member: Member, timeZone: string, acceptLanguage = "en") {
  return callAction(member, () => setTimeZoneAction({}, form({ timeZone })), { acceptLanguage });
}

async function storedZone(userId: string) {
  return (await db.current.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { timeZone: true } })).timeZone;
}

async function leadAt(token: string, name: string, createdAt: string) {
  const response = await postText(token, JSON.stringify({ email: uniqueEmail(), name }));
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  const { leadId } = (await response.json()) as { leadId: string };
  await db.current.prisma.lead.update({ where: { id: leadId }, data: { createdAt: new Date(createdAt) } });
}

describe("a member's time zone on the account page", () => {
  it("is saved for the signed-in user only, validated, and 'each workspace's zone' clears it", async () => {
    const { workspace } = await newTenant("Zona");
    const member = await newMember(workspace.id, "member");
    const colleague = await newMember(workspace.id, "member");
    expect(await storedZone(member.id)).toBeNull();

    const saved = await chooseZone(member, "asia/tokyo");
    expect(saved, JSON.stringify(saved)).toMatchObject({ ok: true, message: "Time zone saved: Tokyo time (GMT+9)." });
    expect(await storedZone(member.id)).toBe("Asia/Tokyo");
    expect(await storedZone(colleague.id)).toBeNull();

    // Not an IANA zone: a field error in the reader's language, nothing saved.
    const bad = await chooseZone(member, "Mars/Olympus_Mons", "pt-BR");
    expect(bad.ok).toBeFalsy();
    expect(bad.fieldErrors?.timeZone).toMatch(/fuso/i);
    expect(await storedZone(member.id)).toBe("Asia/Tokyo");

    const cleared = await chooseZone(member, "workspace", "pt-BR");
    expect(cleared).toMatchObject({ ok: true, message: "Fuso horário salvo: o de cada espaço de trabalho." });
    expect(await storedZone(member.id)).toBeNull();
  });

  it("is the zone the admin shows times in, over the browser's; without one, the browser's", async () => {
    const { workspace } = await newTenant("Painel");
    const member = await newMember(workspace.id, "member");
    const browser = { timeZone: "America/New_York" };
    expect((await callAction(member, () => getViewer(), browser)).timeZone).toBe("America/New_York");
    await chooseZone(member, "Europe/Lisbon");
    expect(await callAction(member, () => getViewer(), browser)).toMatchObject({
      timeZone: "Europe/Lisbon",
      timeZoneKnown: true,
    });
  });
});

describe("emails in the member's zone", () => {
  it("two members in different zones get the digest of their own previous local day at 08:00 their time", async () => {
    const { workspace } = await newTenant("Padaria");
    await db.current.prisma.workspace.update({
      where: { id: workspace.id },
      data: { name: "Padaria Sol Nascente", timeZone: "America/Sao_Paulo" },
    });
    const link = await createLink(db.current, workspace.id);
    // São Paulo (UTC-3): the workspace's zone, in Portuguese. Tokyo (UTC+9, no daylight saving): her own, in English.
    const paulo = await newMember(workspace.id, "member");
    const aiko = await newMember(workspace.id, "member");
    await db.current.prisma.user.update({ where: { id: paulo.id }, data: { locale: "pt-BR" } });
    await db.current.prisma.user.update({ where: { id: aiko.id }, data: { locale: "en" } });
    expect((await chooseZone(aiko, "Asia/Tokyo")).ok).toBe(true);
    for (const member of [paulo, aiko]) await setNotificationPreference(workspace.id, member.id, { mode: "digest" });

    // Monday 2026-03-09 11:00 in São Paulo = 23:00 Monday in Tokyo.
    await leadAt(link.token, "Segunda cedo", "2026-03-09T14:00:00Z");
    // Monday 13:00 in São Paulo = 01:00 Tuesday in Tokyo.
    await leadAt(link.token, "Segunda à tarde", "2026-03-09T16:00:00Z");
    // Monday 23:30 in São Paulo = 11:30 Tuesday in Tokyo.
    await leadAt(link.token, "Segunda à noite", "2026-03-10T02:30:00Z");

    const dueFor = async (userId: string) =>
      (
        await db.current.prisma.emailMessage.findMany({
          where: { workspaceId: workspace.id, userId },
          orderBy: { digestDay: "asc" },
        })
      ).map((row) => row.digestDay?.toISOString().slice(0, 10));

    // 07:59 Tuesday in Tokyo: nothing; 08:00 there (23:00 UTC Monday, 20:00 in São Paulo): Aiko's Monday only.
    await enqueueDigests(db.current, new Date("2026-03-09T22:59:00Z"));
    expect(await dueFor(aiko.id)).toEqual([]);
    await enqueueDigests(db.current, new Date("2026-03-09T23:00:00Z"));
    expect(await dueFor(aiko.id)).toEqual(["2026-03-09"]);
    expect(await dueFor(paulo.id)).toEqual([]);
    dispatcher.wake();
    const [tokyoMonday] = await smtp.waitFor(aiko.email);
    // Beside reader-messages.test.ts's emails, for the screenshots (docs/email.md): the English digest.
    mkdirSync(path.join(process.cwd(), "test-results", "emails"), { recursive: true });
    writeFileSync(path.join(process.cwd(), "test-results", "emails", "digest-en.html"), String(tokyoMonday!.parsed.html));
    expect(tokyoMonday!.parsed.subject).toBe("1 new lead in Padaria Sol Nascente on 03/09/2026");
    expect(tokyoMonday!.parsed.text).toContain("1 new lead in Padaria Sol Nascente on 03/09/2026, Tokyo time (GMT+9).");
    expect(tokyoMonday!.parsed.text).toContain("Segunda cedo");
    expect(tokyoMonday!.parsed.text).not.toContain("Segunda à tarde");

    // 08:00 Tuesday in São Paulo: Paulo's Monday, all three; not yet Aiko's Tuesday (it is 20:00 there).
    await enqueueDigests(db.current, new Date("2026-03-10T10:59:00Z"));
    expect(await dueFor(paulo.id)).toEqual([]);
    await enqueueDigests(db.current, new Date("2026-03-10T11:00:00Z"));
    expect(await dueFor(paulo.id)).toEqual(["2026-03-09"]);
    expect(await dueFor(aiko.id)).toEqual(["2026-03-09"]);
    dispatcher.wake();
    const [saoPauloMonday] = await smtp.waitFor(paulo.email);
    expect(saoPauloMonday!.parsed.subject).toBe("3 novos leads em Padaria Sol Nascente em 09/03/2026");
    expect(saoPauloMonday!.parsed.text).toContain("horário de São Paulo (GMT-3)");

    // 08:00 Wednesday in Tokyo: Aiko's Tuesday, the two leads of São Paulo's Monday afternoon and night.
    await enqueueDigests(db.current, new Date("2026-03-10T23:00:00Z"));
    expect(await dueFor(aiko.id)).toEqual(["2026-03-09", "2026-03-10"]);
    dispatcher.wake();
    const [, tokyoTuesday] = await smtp.waitFor(aiko.email, 2);
    expect(tokyoTuesday!.parsed.subject).toBe("2 new leads in Padaria Sol Nascente on 03/10/2026");
    expect(tokyoTuesday!.parsed.text).toContain("Segunda à tarde");
    expect(tokyoTuesday!.parsed.text).toContain("Segunda à noite");
    expect(tokyoTuesday!.parsed.text).not.toContain("Segunda cedo");
  });

  it("a new lead's email gives its time in the member's zone, the workspace's for a member without one", async () => {
    const { workspace } = await newTenant("Horas");
    const link = await createLink(db.current, workspace.id);
    const own = await newMember(workspace.id, "member");
    const plain = await newMember(workspace.id, "member");
    for (const member of [own, plain]) {
      await db.current.prisma.user.update({ where: { id: member.id }, data: { locale: "en" } });
      await setNotificationPreference(workspace.id, member.id, { mode: "instant" });
    }
    await chooseZone(own, "Asia/Tokyo");
    await postText(link.token, JSON.stringify({ email: uniqueEmail(), name: "Hora certa" }));
    const [mine] = await smtp.waitFor(own.email);
    const [theirs] = await smtp.waitFor(plain.email);
    expect(mine!.parsed.text).toMatch(/Received: .*GMT\+9/);
    expect(theirs!.parsed.text).toMatch(/Received: .*(BRT|GMT-3)/);
  });
});
