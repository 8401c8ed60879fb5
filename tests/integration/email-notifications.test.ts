// DESIGN.md section 7, Email, against a real SMTP server (smtp-server) started here: a member's choice
// (instant, digest, none; per link), the new-lead email's content and Reply-To, the daily digest with an
// injected clock, `notify set`, a dead or refusing mail server (ingest unchanged, retried, then delivered),
// and the email to owners and admins when a webhook endpoint is disabled.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueDigests } from "@/lib/channels/email/enqueue-digests";
import { runCli } from "@/lib/cli/run-cli";
import { resetEnv } from "@/lib/env";
import { setNotificationPreference } from "@/lib/notifications/set-notification-preference";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { useTestDatabase } from "../support/database";
import { createField, createLink } from "../support/fixtures";
import { postText, uniqueEmail } from "../support/ingest-helpers";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server";
import { newMember, newTenant } from "../support/tenants";
import { startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
let smtp: SmtpTestServer;
let dispatcher: Dispatcher;
const names = ["SMTP_URL", "MAIL_FROM", "WEBHOOK_RETRY_SCHEDULE", "WEBHOOK_ALLOW_PRIVATE_NETWORKS", "PUBLIC_BASE_URL"] as const;
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
  setEnv("WEBHOOK_RETRY_SCHEDULE", "200ms,200ms,200ms,200ms,200ms,200ms,200ms,200ms");
  setEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "1");
  setEnv("PUBLIC_BASE_URL", "https://leads.example.com");
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await smtp?.close();
  for (const name of names) setEnv(name, saved[name]);
});

/** A workspace (its owner), one link, and a member who chose `mode`. */
async function setup(mode: "instant" | "digest" | "none" = "instant") {
  const { owner, workspace } = await newTenant("Acme");
  // These tests read the English emails (tests/integration/reader-messages.test.ts reads them in Portuguese).
  await db.current.prisma.workspace.update({ where: { id: workspace.id }, data: { language: "en", timeZone: "UTC" } });
  const link = await createLink(db.current, workspace.id);
  const member = await newMember(workspace.id, "member");
  await setNotificationPreference(workspace.id, member.id, { mode });
  return { owner, workspace, link, member };
}

async function post(token: string, body: Record<string, unknown>) {
  const response = await postText(token, JSON.stringify(body));
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as { leadId: string };
}

async function emailsOf(workspaceId: string) {
  return db.current.prisma.emailMessage.findMany({ where: { workspaceId }, orderBy: { createdAt: "asc" } });
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function cli(args: string[]) {
  let stdout = "";
  let stderr = "";
  await runCli([...args, "--json"], { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { json: stdout ? JSON.parse(stdout) : undefined, stderr };
}

describe("new-lead email", () => {
  it("reaches a member who chose instant, with Reply-To the lead, every field, escaped HTML and the lead's page", async () => {
    const { workspace, link, member, owner } = await setup("instant");
    await createField(db.current, workspace.id, { name: "budget", label: "Monthly budget" });
    const email = uniqueEmail();
    const { leadId } = await post(link.token, {
      email,
      name: "Ana <b>Souza</b>",
      telephone: "+55 11 98765-4321",
      utmSource: "google",
      utmCampaign: "black-friday",
      customFields: { budget: "R$ 5.000" },
    });

    const [mail] = await smtp.waitFor(member.email);
    const parsed = mail!.parsed;
    expect(parsed.replyTo?.value[0]?.address).toBe(email);
    expect(parsed.from?.value[0]?.address).toBe("leads@leadlink.test");
    expect(parsed.subject).toBe("New lead: Ana <b>Souza</b> (Landing page)");
    const text = parsed.text ?? "";
    expect(text).toContain("Name: Ana <b>Souza</b>");
    expect(text).toContain(`Email: ${email}`);
    expect(text).toContain("Phone: +55 11 98765-4321");
    expect(text).toContain("Link: Landing page");
    expect(text).toContain("utm_source: google");
    expect(text).toContain("utm_campaign: black-friday");
    expect(text).toContain("Monthly budget: R$ 5.000");
    const page = `https://leads.example.com/w/${workspace.slug}/leads/${leadId}`;
    expect(text).toContain(page);
    const html = String(parsed.html);
    expect(html).toContain("Ana &lt;b&gt;Souza&lt;/b&gt;");
    expect(html).not.toContain("<b>Souza");
    expect(html).toContain(`href="${page}"`);

    // The owner chose nothing (the default), and an update of the same lead is not a new lead.
    await post(link.token, { email, city: "Recife" });
    const messages = await waitFor(
      "settled",
      () => emailsOf(workspace.id),
      (rows) => rows.every((row) => row.state !== "pending"),
    );
    expect(messages.map((row) => [row.kind, row.state])).toEqual([["new_lead", "delivered"]]);
    expect(smtp.to(owner.email)).toHaveLength(0);
    expect(smtp.to(member.email)).toHaveLength(1);
  });

  it("is limited to the links the member chose", async () => {
    const { workspace, link, member } = await setup("none");
    const other = await createLink(db.current, workspace.id);
    await setNotificationPreference(workspace.id, member.id, { mode: "instant", linkIds: [other.id] });
    await post(link.token, { email: uniqueEmail(), name: "Not this one" });
    const chosen = uniqueEmail();
    await post(other.token, { email: chosen, name: "This one" });
    const [mail] = await smtp.waitFor(member.email);
    expect(mail!.parsed.replyTo?.value[0]?.address).toBe(chosen);
    const messages = await waitFor(
      "settled",
      () => emailsOf(workspace.id),
      (rows) => rows.every((row) => row.state !== "pending"),
    );
    expect(messages).toHaveLength(1);
  });

  it("writes nothing when nobody wants email, or when email is off", async () => {
    const { workspace, link, member } = await setup("digest");
    await post(link.token, { email: uniqueEmail() });
    expect(await emailsOf(workspace.id)).toHaveLength(0);

    await setNotificationPreference(workspace.id, member.id, { mode: "instant" });
    setEnv("SMTP_URL", undefined);
    try {
      await setNotificationPreference(workspace.id, member.id, { mode: "instant" }); // forgets the cached link
      await post(link.token, { email: uniqueEmail() });
      expect(await emailsOf(workspace.id)).toHaveLength(0);
    } finally {
      setEnv("SMTP_URL", smtp.url());
      await setNotificationPreference(workspace.id, member.id, { mode: "none" });
    }
  });
});

describe("digest", () => {
  it("collects the previous day's leads (a UTC workspace) at 08:00, once, and sends nothing for a day without leads", async () => {
    const { workspace, link, member } = await setup("digest");
    const quiet = await setup("digest");
    const first = await post(link.token, { email: uniqueEmail(), name: "First lead" });
    const second = await post(link.token, { email: uniqueEmail(), name: "Second lead" });
    const late = await post(link.token, { email: uniqueEmail(), name: "Next day lead" });
    // Yesterday as far as the injected clock is concerned: 2026-03-09 (UTC).
    await db.current.prisma.lead.updateMany({
      where: { id: { in: [first.leadId, second.leadId] } },
      data: { createdAt: new Date("2026-03-09T10:00:00Z") },
    });
    await db.current.prisma.lead.update({ where: { id: late.leadId }, data: { createdAt: new Date("2026-03-10T00:30:00Z") } });

    expect(await enqueueDigests(db.current, new Date("2026-03-10T07:59:00Z"))).toBe(0);
    const now = new Date("2026-03-10T08:00:00Z");
    expect(await enqueueDigests(db.current, now)).toBeGreaterThanOrEqual(1);
    // Another instance (or the next minute) schedules nothing more.
    expect(await enqueueDigests(db.current, now)).toBe(0);
    dispatcher.wake();

    const [mail] = await smtp.waitFor(member.email);
    expect(mail!.parsed.subject).toBe(`2 new leads in ${workspace.name} on 03/09/2026`);
    const text = mail!.parsed.text ?? "";
    expect(text).toContain("First lead");
    expect(text).toContain("Second lead");
    expect(text).not.toContain("Next day lead");
    expect(text).toContain(`https://leads.example.com/w/${workspace.slug}/leads/${first.leadId}`);
    expect(await emailsOf(quiet.workspace.id)).toHaveLength(0);
    expect(smtp.to(quiet.member.email)).toHaveLength(0);
  });
});

describe("a mail server that is down", () => {
  it("leaves ingest's answers alone and delivers once the server is back (port closed)", async () => {
    const { workspace, link, member } = await setup("instant");
    await smtp.stop();
    try {
      const response = await postText(link.token, JSON.stringify({ email: uniqueEmail(), name: "While down" }));
      expect(response.status).toBe(201);
      expect(Object.keys(await response.json())).toContain("leadId");
      await waitFor(
        "a failed attempt",
        () => emailsOf(workspace.id),
        (rows) => rows[0] !== undefined && rows[0].attemptCount >= 1 && rows[0].state === "pending",
      );
    } finally {
      await smtp.start();
    }
    const [mail] = await smtp.waitFor(member.email);
    expect(mail!.parsed.subject).toContain("While down");
    const [row] = await waitFor(
      "delivered",
      () => emailsOf(workspace.id),
      (rows) => rows[0]?.state === "delivered",
    );
    expect(row!.attemptCount).toBeGreaterThanOrEqual(2);
  });

  it("retries a server answering 451 and delivers once it accepts", async () => {
    const { workspace, link, member } = await setup("instant");
    smtp.refuse(451);
    try {
      await post(link.token, { email: uniqueEmail(), name: "Greylisted" });
      const [row] = await waitFor(
        "two refused attempts",
        () => emailsOf(workspace.id),
        (rows) => (rows[0]?.attemptCount ?? 0) >= 2,
      );
      expect(row!.state).toBe("pending");
      expect(row!.lastError).toMatch(/451/);
    } finally {
      smtp.refuse(null);
    }
    await smtp.waitFor(member.email);
    await waitFor(
      "delivered",
      () => emailsOf(workspace.id),
      (rows) => rows[0]?.state === "delivered",
    );
    expect(smtp.to(member.email)).toHaveLength(1);
  });

  it("does not hold ingest while the server accepts the connection and never answers", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    setEnv("SMTP_URL", `smtp://127.0.0.1:${port}`);
    try {
      const { workspace, link } = await setup("instant");
      const response = await postText(link.token, JSON.stringify({ email: uniqueEmail(), name: "Silent server" }));
      expect(response.status).toBe(201);
      // Answered while the attempt is still waiting for the server's greeting: leased, not yet counted.
      await waitFor(
        "a connection to the silent server",
        async () => sockets.size,
        (size) => size >= 1,
      );
      const [row] = await emailsOf(workspace.id);
      expect([row!.attemptCount, row!.state, row!.leaseOwner]).toEqual([0, "pending", dispatcher.owner]);
    } finally {
      setEnv("SMTP_URL", smtp.url());
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe("notify set", () => {
  it("prints the choice and refuses bad input like the other commands", async () => {
    const { workspace, link, member } = await setup("none");
    const set = await cli([
      "notify",
      "set",
      "--workspace",
      workspace.slug,
      "--email",
      member.email,
      "--mode",
      "instant",
      "--link",
      link.id,
    ]);
    expect(set.json).toEqual({ workspace: workspace.slug, email: member.email, mode: "instant", links: [link.id] });
    const row = await db.current.prisma.notificationPreference.findUniqueOrThrow({
      where: { workspaceId_userId: { workspaceId: workspace.id, userId: member.id } },
    });
    expect([row.mode, row.linkIds]).toEqual(["instant", [link.id]]);

    const digest = await cli([
      "notify",
      "set",
      "--workspace",
      workspace.slug,
      "--email",
      member.email.toUpperCase(),
      "--mode",
      "digest",
    ]);
    expect(digest.json).toEqual({ workspace: workspace.slug, email: member.email, mode: "digest", links: [] });

    const badMode = await cli(["notify", "set", "--workspace", workspace.slug, "--email", member.email, "--mode", "hourly"]);
    expect(badMode.json.error.code).toBe("validation_failed");
    const stranger = await newTenant("Other");
    const notMember = await cli([
      "notify",
      "set",
      "--workspace",
      workspace.slug,
      "--email",
      stranger.owner.email,
      "--mode",
      "instant",
    ]);
    expect(notMember.json.error.code).toBe("member_not_found");
    const unknown = await cli([
      "notify",
      "set",
      "--workspace",
      workspace.slug,
      "--email",
      "nobody@example.com",
      "--mode",
      "none",
    ]);
    expect(unknown.json.error.code).toBe("user_not_found");
    const otherLink = await createLink(db.current, stranger.workspace.id);
    const foreign = await cli([
      "notify",
      "set",
      "--workspace",
      workspace.slug,
      "--email",
      member.email,
      "--mode",
      "instant",
      "--link",
      otherLink.id,
    ]);
    expect(foreign.json.error.code).toBe("validation_failed");
    const notUuid = await cli([
      "notify",
      "set",
      "--workspace",
      workspace.slug,
      "--email",
      member.email,
      "--mode",
      "instant",
      "--link",
      "x",
    ]);
    expect(notUuid.json.error.code).toBe("validation_failed");
  });
});

describe("an endpoint disabled by Leadlink", () => {
  it("is emailed to the workspace's owners and admins", async () => {
    const { workspace, link, owner, member } = await setup("none");
    const admin = await newMember(workspace.id, "admin");
    const receiver = await startReceiver();
    receiver.answer(() => ({ status: 410 }));
    try {
      await createEndpoint(workspace.id, { url: receiver.url("/gone"), description: "Our CRM" });
      await post(link.token, { email: uniqueEmail() });
      const [mail] = await smtp.waitFor(owner.email);
      expect(mail!.parsed.subject).toBe(`Webhook endpoint disabled in ${workspace.name}`);
      expect(mail!.parsed.text).toContain("410 Gone");
      expect(mail!.parsed.text).toContain(receiver.url("/gone"));
      await smtp.waitFor(admin.email);
      expect(smtp.to(member.email)).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
