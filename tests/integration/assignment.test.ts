// DESIGN.md section 16, assignment: a link's round-robin of the leads it creates (order, away members, removed
// members, concurrency, updates and spam untouched), lead.assigned for manual owner changes, the settings in the
// API and the CLI with tenancy, the emails a real SMTP server receives in English and Portuguese, a webhook
// receiver getting lead.assigned, and lead.response_overdue fired once with an injected clock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { detectOverdueLeads } from "@/lib/assignment/detect-overdue-leads";
import { setMemberAway } from "@/lib/assignment/set-away";
import { setLinkAssignment } from "@/lib/assignment/set-link-assignment";
import { CLI_ACTOR } from "@/lib/audit/record";
import { runCli } from "@/lib/cli/run-cli";
import { resetEnv } from "@/lib/env";
import { bulkUpdateLeads } from "@/lib/leads/bulk-update-leads";
import { listLeadChanges } from "@/lib/leads/get-lead-timeline";
import { updateLeadWorkflow } from "@/lib/leads/update-lead-workflow";
import { setNotificationPreference } from "@/lib/notifications/set-notification-preference";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { removeMember } from "@/lib/workspaces/remove-member";
import { apiJson } from "../support/api-client";
import { useTestDatabase } from "../support/database";
import { createLink } from "../support/fixtures";
import { post } from "../support/ingest-client";
import { uniqueEmail } from "../support/ingest-helpers";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server";
import { errorCode, newMember, newTenant } from "../support/tenants";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
let smtp: SmtpTestServer;
let receiver: Receiver;
let dispatcher: Dispatcher;
const names = ["SMTP_URL", "MAIL_FROM", "WEBHOOK_ALLOW_PRIVATE_NETWORKS", "PUBLIC_BASE_URL"] as const;
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));

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
  setEnv("PUBLIC_BASE_URL", "https://leads.example.com");
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await smtp?.close();
  await receiver?.close();
  for (const name of names) setEnv(name, saved[name]);
});

/** A workspace in English, its owner, a link, and three members (none wants emails: only assignments reach them). */
async function setup() {
  const { owner, workspace } = await newTenant("Acme");
  await db.current.prisma.workspace.update({ where: { id: workspace.id }, data: { language: "en", timeZone: "UTC" } });
  const link = await createLink(db.current, workspace.id);
  const members = [
    await newMember(workspace.id, "member"),
    await newMember(workspace.id, "member"),
    await newMember(workspace.id, "member"),
  ];
  return { owner, workspace, link, members };
}

async function createLead(token: string, body: Record<string, unknown> = {}) {
  const response = await post(token, { email: uniqueEmail(), ...body });
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return (response.json as { leadId: string }).leadId;
}

async function ownersInOrder(workspaceId: string): Promise<(string | null)[]> {
  const leads = await db.current.prisma.lead.findMany({
    where: { workspaceId },
    orderBy: { createdAt: "asc" },
    select: { ownerId: true },
  });
  return leads.map((lead) => lead.ownerId);
}

describe("round-robin at creation", () => {
  it("gives each new lead the next member, skips away and removed members, and leaves updates alone", async () => {
    const { workspace, link, members, owner } = await setup();
    const [a, b, c] = members.map((member) => member.id) as [string, string, string];
    const settings = await setLinkAssignment(workspace.id, link.id, { roundRobin: true, assigneeIds: [a, b, c] }, CLI_ACTOR);
    expect(settings.assignees.map((member) => member.id)).toEqual([a, b, c]);

    for (let i = 0; i < 4; i++) await createLead(link.token);
    await setMemberAway(workspace.id, b, true, CLI_ACTOR);
    for (let i = 0; i < 4; i++) await createLead(link.token);
    await setMemberAway(workspace.id, b, false, CLI_ACTOR);
    for (let i = 0; i < 3; i++) await createLead(link.token);
    expect(await ownersInOrder(workspace.id)).toEqual([a, b, c, a, c, a, c, a, b, c, a]);

    // An update of a known lead keeps its owner and writes no history.
    const email = uniqueEmail();
    const leadId = await createLead(link.token, { email });
    const response = await post(link.token, { email, name: "Again" });
    expect(response.status).toBe(200);
    const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: leadId } });
    expect(lead.ownerId).toBe(b);
    const history = await db.current.prisma.leadChange.findMany({ where: { leadId } });
    expect(history).toEqual([
      expect.objectContaining({ field: "owner", actorUserId: null, actorKeyId: null, from: null, to: b }),
    ]);

    // The lead's timeline names the rotation, not a member, and a person's later change names them.
    await updateLeadWorkflow(db.current, { workspaceId: workspace.id, leadId, actorUserId: owner.id, patch: { ownerId: a } });
    const timeline = await listLeadChanges(workspace.id, leadId);
    expect(timeline.map((change) => change.actor.kind)).toEqual(["user", "automatic"]);

    // A member who leaves the workspace leaves the rotation.
    await removeMember(workspace.id, owner.id, c);
    await createLead(link.token);
    await createLead(link.token);
    expect((await ownersInOrder(workspace.id)).slice(-2)).toEqual([a, b]);
    const after = await apiJson(`/api/v1/links/${link.id}/assignment`, {
      key: (await createApiKey(workspace.id, { name: "Read", scope: "read" })).token,
    });
    expect(after.body.assignees.map((member: { id: string }) => member.id)).toEqual([a, b]);
  });

  it("never gives two concurrent creations the same turn", async () => {
    const { workspace, link, members } = await setup();
    await setLinkAssignment(workspace.id, link.id, { roundRobin: true, assigneeIds: members.map((member) => member.id) });
    const responses = await Promise.all(Array.from({ length: 30 }, () => post(link.token, { email: uniqueEmail() })));
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(201));
    const counts = new Map<string | null, number>();
    for (const owner of await ownersInOrder(workspace.id)) counts.set(owner, (counts.get(owner) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(members.map((member) => [member.id, 10])));
    const rotation = await db.current.prisma.linkRotation.findUniqueOrThrow({ where: { captureLinkId: link.id } });
    expect(rotation.lastPosition).toBe(2);
  });

  it("assigns nothing on a link without round-robin, with everyone away, or on a dry run", async () => {
    const { workspace, link, members } = await setup();
    await setLinkAssignment(workspace.id, link.id, { roundRobin: false, assigneeIds: [members[0]!.id] });
    await createLead(link.token);
    await setLinkAssignment(workspace.id, link.id, { roundRobin: true });
    await setMemberAway(workspace.id, members[0]!.id, true, CLI_ACTOR);
    await createLead(link.token);
    await setMemberAway(workspace.id, members[0]!.id, false, CLI_ACTOR);
    const dry = await post(link.token, { email: uniqueEmail() }, { "Leadlink-Dry-Run": "1" });
    expect(dry.status).toBe(201);
    expect(await ownersInOrder(workspace.id)).toEqual([null, null]);
    expect(await db.current.prisma.leadChange.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });
});

describe("settings", () => {
  it("are scoped to the workspace and refuse members of another one, in the API and the CLI", async () => {
    const { workspace, link, members } = await setup();
    const other = await newTenant("Other");
    const otherLink = await createLink(db.current, other.workspace.id);
    const outsider = await newMember(other.workspace.id, "member");
    expect(await errorCode(setLinkAssignment(workspace.id, otherLink.id, { roundRobin: true }))).toBe("capture_link_not_found");
    expect(await errorCode(setLinkAssignment(workspace.id, link.id, { assigneeIds: [outsider.id] }))).toBe("member_not_found");

    const key = (await createApiKey(workspace.id, { name: "Admin", scope: "write" })).token;
    const foreign = await apiJson(`/api/v1/links/${otherLink.id}/assignment`, { key });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("capture_link_not_found");
    const bad = await apiJson(`/api/v1/links/${link.id}/assignment`, {
      key,
      method: "PATCH",
      body: { responseTargetMinutes: 0, roundRobin: "yes" },
    });
    expect(bad.status).toBe(422);
    expect(bad.contentType).toContain("application/problem+json");
    const set = await apiJson(`/api/v1/links/${link.id}/assignment`, {
      key,
      method: "PATCH",
      body: { roundRobin: true, assigneeIds: [members[1]!.id, members[0]!.id], responseTargetMinutes: 15 },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ roundRobin: true, responseTargetMinutes: 15 });
    expect(set.body.assignees.map((member: { id: string }) => member.id)).toEqual([members[1]!.id, members[0]!.id]);
    const audit = await db.current.prisma.auditEntry.findFirst({ where: { workspaceId: workspace.id, action: "link.updated" } });
    expect(JSON.stringify(audit?.details)).toContain("responseTargetMinutes");

    let stdout = "";
    await runCli(
      [
        "link",
        "assignment",
        "--workspace",
        workspace.slug,
        "--id",
        link.id,
        "--member",
        members[2]!.email,
        "--response-target",
        "off",
        "--json",
      ],
      { stdout: (text) => void (stdout += text), stderr: () => {} },
    );
    expect(JSON.parse(stdout)).toMatchObject({
      roundRobin: true,
      responseTargetMinutes: null,
      assignees: [{ id: members[2]!.id }],
    });
    stdout = "";
    await runCli(["member", "away", "--workspace", workspace.slug, "--email", members[2]!.email, "--json"], {
      stdout: (text) => void (stdout += text),
      stderr: () => {},
    });
    expect(JSON.parse(stdout)).toMatchObject({ away: true });
    const membership = await db.current.prisma.membership.findFirstOrThrow({
      where: { workspaceId: workspace.id, userId: members[2]!.id },
    });
    expect(membership.away).toBe(true);
  });

  it("audits a member's away and back, naming them; saving the state they are already in writes nothing", async () => {
    const { workspace, members } = await setup();
    const member = members[0]!;
    await setMemberAway(workspace.id, member.id, true, { kind: "user", userId: member.id, ip: "203.0.113.9" });
    await setMemberAway(workspace.id, member.id, true, { kind: "user", userId: member.id });
    await setMemberAway(workspace.id, member.id, false, CLI_ACTOR);
    const entries = await db.current.prisma.auditEntry.findMany({
      where: { workspaceId: workspace.id, action: "member.away_changed" },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((entry) => [entry.actorKind, entry.actorUserId, entry.targetId, entry.ip, entry.details])).toEqual([
      ["user", member.id, member.id, "203.0.113.9", { name: member.email, changes: [{ field: "away", from: false, to: true }] }],
      ["cli", null, member.id, null, { name: member.email, changes: [{ field: "away", from: true, to: false }] }],
    ]);
    // Someone of another workspace cannot be marked here, and nothing is written for them.
    const outsider = await newMember((await newTenant("Elsewhere")).workspace.id, "member");
    expect(await errorCode(setMemberAway(workspace.id, outsider.id, true, CLI_ACTOR))).toBe("member_not_found");
    expect(await db.current.prisma.auditEntry.count({ where: { targetId: outsider.id } })).toBe(0);
  });
});

describe("telling the assignee", () => {
  it("emails them in their language and posts lead.assigned to a subscribed endpoint", async () => {
    const { workspace, link, members } = await setup();
    const [en, pt] = members as [(typeof members)[0], (typeof members)[0]];
    await db.current.prisma.user.update({ where: { id: pt.id }, data: { locale: "pt-BR" } });
    await createEndpoint(workspace.id, { url: receiver.url(`/assigned-${workspace.id}`), events: ["lead.assigned"] });
    await setLinkAssignment(workspace.id, link.id, { roundRobin: true, assigneeIds: [en.id, pt.id] });
    const first = await createLead(link.token, { name: "Ana Souza" });
    await createLead(link.token, { name: "Bruno Lima" });

    const [english] = await smtp.waitFor(en.email);
    expect(english!.parsed.subject).toBe("Lead assigned to you: Ana Souza");
    expect(english!.parsed.text).toContain(`https://leads.example.com/w/${workspace.slug}/leads/${first}`);
    const [portuguese] = await smtp.waitFor(pt.email);
    expect(portuguese!.parsed.subject).toBe("Lead atribuído a você: Bruno Lima");

    const hooks = await receiver.waitFor(`/assigned-${workspace.id}`, 2);
    const bodies = hooks.map((hook) => JSON.parse(hook.body));
    expect(bodies.map((body) => body.type)).toEqual(["lead.assigned", "lead.assigned"]);
    const ofFirst = bodies.find((body) => body.data.lead.id === first);
    expect(ofFirst.data.changes).toEqual([{ field: "owner", from: null, to: en.id }]);
    expect(ofFirst.data.lead.owner).toMatchObject({ id: en.id, email: en.email });
  });

  it("tells a member a person gave a lead to, not one who took it, nor one who chose no emails", async () => {
    const { workspace, link, members, owner } = await setup();
    const [x, y, z] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    const leadId = await createLead(link.token, { name: "Carla Dias" });
    await updateLeadWorkflow(db.current, { workspaceId: workspace.id, leadId, actorUserId: owner.id, patch: { ownerId: x.id } });
    const [mail] = await smtp.waitFor(x.email);
    expect(mail!.parsed.subject).toBe("Lead assigned to you: Carla Dias");

    await updateLeadWorkflow(db.current, { workspaceId: workspace.id, leadId, actorUserId: y.id, patch: { ownerId: y.id } });
    await setNotificationPreference(workspace.id, z.id, { mode: "none" });
    await bulkUpdateLeads(db.current, {
      workspaceId: workspace.id,
      actorUserId: owner.id,
      target: { ids: [leadId] },
      action: { kind: "owner", ownerId: z.id },
    });
    const second = await createLead(link.token, { name: "Davi Reis" });
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: second,
      actorUserId: owner.id,
      patch: { ownerId: x.id },
    });
    await smtp.waitFor(x.email, 2);
    expect(smtp.to(y.email)).toEqual([]);
    expect(smtp.to(z.email)).toEqual([]);
  });
});

describe("response target", () => {
  it("announces a lead still new past it once, to its owner and the admins, and not one answered in time", async () => {
    const { workspace, link, members, owner } = await setup();
    const admin = await newMember(workspace.id, "admin");
    const [assignee] = members as [(typeof members)[0]];
    await setLinkAssignment(workspace.id, link.id, { roundRobin: true, assigneeIds: [assignee.id], responseTargetMinutes: 30 });
    const late = await createLead(link.token, { name: "Late Lead" });
    const answered = await createLead(link.token, { name: "Answered Lead" });
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: answered,
      actorUserId: assignee.id,
      patch: { status: "contacted" },
    });
    const now = Date.now();
    expect(await detectOverdueLeads(db.current, new Date(now + 29 * 60_000))).toBe(0);
    expect(await detectOverdueLeads(db.current, new Date(now + 31 * 60_000))).toBe(1);
    expect(await detectOverdueLeads(db.current, new Date(now + 60 * 60_000))).toBe(0);
    const leads = await db.current.prisma.lead.findMany({
      where: { workspaceId: workspace.id },
      select: { id: true, responseOverdueAt: true },
    });
    expect(leads.filter((lead) => lead.responseOverdueAt).map((lead) => lead.id)).toEqual([late]);

    await smtp.waitFor(assignee.email, 3); // the two assignments, then the alert
    for (const person of [assignee, owner, admin]) {
      const alerts = (await smtp.waitFor(person.email)).filter((mail) => mail.parsed.subject?.startsWith("No answer yet"));
      expect(alerts.map((mail) => mail.parsed.subject)).toEqual(["No answer yet: Late Lead"]);
      expect(alerts[0]!.parsed.text).toContain("response target of 30 minutes");
      expect(alerts[0]!.parsed.text).toContain(`Its owner: ${assignee.name}`);
    }
    expect(smtp.to(members[1]!.email)).toEqual([]);
  });

  it("is detected on the outbox runners' tick, once though two runners with a clock ahead tick together", async () => {
    const { workspace, link, owner } = await setup();
    await setLinkAssignment(workspace.id, link.id, { responseTargetMinutes: 5 });
    const leadId = await createLead(link.token, { name: "Waiting Lead" });
    const ahead = () => new Date(Date.now() + 10 * 60_000);
    const runners = [
      startDispatcher(db.current, { pollMs: 50, now: ahead }),
      startDispatcher(db.current, { pollMs: 50, now: ahead }),
    ];
    try {
      const [mail] = await smtp.waitFor(owner.email);
      expect(mail!.parsed.subject).toBe("No answer yet: Waiting Lead");
      const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: leadId } });
      expect(lead.responseOverdueAt).not.toBeNull();
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to(owner.email).filter((mail) => mail.parsed.subject?.startsWith("No answer yet"))).toHaveLength(1);
  });

  it("announces no lead created before the target was set, and none of another workspace twice", async () => {
    const { workspace, link } = await setup();
    await createLead(link.token);
    await setLinkAssignment(workspace.id, link.id, { responseTargetMinutes: 1 });
    expect(await detectOverdueLeads(db.current, new Date(Date.now() + 10 * 60_000))).toBe(0);
  });
});
