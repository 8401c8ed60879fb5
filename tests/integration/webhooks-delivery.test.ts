// DESIGN.md section 7 against a real HTTP receiver: messages written with the lead, signed per Standard
// Webhooks (checked with the standardwebhooks verifier), filtered by event and link, custom headers,
// retries with the same webhook-id, 410, redirects, Retry-After, the schedule's end, auto-disable, the
// SSRF guard at connect time, secret rotation, Slack, submission.rejected.
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "@/lib/cli/run-cli";
import { resetEnv } from "@/lib/env";
import { getLead } from "@/lib/leads/get-lead";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import type { WebhookEndpointInput } from "@/lib/webhooks/endpoint-input";
import { rotateSecret } from "@/lib/webhooks/rotate-secret";
import { useTestDatabase } from "../support/database";
import { createField, createLink } from "../support/fixtures";
import { postText, setupLink, uniqueEmail } from "../support/ingest-helpers";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
let receiver: Receiver;
let dispatcher: Dispatcher;
const saved = { allow: process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS, schedule: process.env.WEBHOOK_RETRY_SCHEDULE };

function setEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetEnv();
}

beforeAll(async () => {
  setEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "1");
  setEnv("WEBHOOK_RETRY_SCHEDULE", "100ms,100ms,100ms");
  receiver = await startReceiver();
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await receiver?.close();
  setEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", saved.allow);
  setEnv("WEBHOOK_RETRY_SCHEDULE", saved.schedule);
});

let paths = 0;
/** A workspace with a link and an endpoint on its own receiver path. */
async function setup(input: Partial<WebhookEndpointInput> = {}, path = `/hook-${++paths}`) {
  const { workspace, link, token } = await setupLink(db.current);
  const endpoint = await createEndpoint(workspace.id, { url: receiver.url(path), ...input });
  return { workspace, link, token, endpoint, path };
}

async function post(token: string, body: Record<string, unknown>) {
  const response = await postText(token, JSON.stringify(body));
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  const answer = (await response.json()) as { leadId: string };
  return { id: answer.leadId };
}

async function messagesOf(endpointId: string) {
  return db.current.prisma.webhookMessage.findMany({
    where: { endpointId },
    orderBy: { createdAt: "asc" },
    include: { attempts: { orderBy: { at: "asc" } } },
  });
}

async function waitForState(endpointId: string, state: string, count = 1) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const messages = await messagesOf(endpointId);
    if (messages.filter((message) => message.state === state).length >= count) return messages;
    if (Date.now() > deadline)
      throw new Error(`messages: ${JSON.stringify(messages.map((message) => [message.state, message.attemptCount]))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function deliveries(slug: string, id: string) {
  let stdout = "";
  await runCli(["webhook", "deliveries", "--workspace", slug, "--id", id, "--json"], {
    stdout: (text) => void (stdout += text),
    stderr: () => {},
  });
  return JSON.parse(stdout);
}

async function slugOf(workspaceId: string) {
  return (await db.current.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).slug;
}

describe("delivery", () => {
  it("sends lead.created, signed per Standard Webhooks, with the lead and its submission", async () => {
    const { workspace, token, endpoint, path } = await setup();
    const email = uniqueEmail();
    const { id: leadId } = await post(token, { email, name: "Ana Souza", telephone: "+55 11 98765-4321", utmSource: "ads" });
    const [request] = await receiver.waitFor(path, 1);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(request!.headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    // A Standard Webhooks verifier accepts it (it throws otherwise)...
    const verified = new Webhook(endpoint.secret).verify(request!.body, request!.headers as Record<string, string>);
    expect(verified).toEqual(JSON.parse(request!.body));
    // ...and so does the spec's formula, computed by hand.
    const key = Buffer.from(endpoint.secret.slice("whsec_".length), "base64");
    const expected = createHmac("sha256", key)
      .update(`${request!.headers["webhook-id"]}.${request!.headers["webhook-timestamp"]}.${request!.body}`)
      .digest("base64");
    expect(request!.headers["webhook-signature"]).toBe(`v1,${expected}`);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ),
    ).toThrow();

    const body = JSON.parse(request!.body);
    expect(Object.keys(body)).toEqual(["type", "timestamp", "data"]);
    expect(body.type).toBe("lead.created");
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    expect(Object.keys(body.data)).toEqual(["lead", "submission"]);
    const { submissions, ...lead } = await getLead(workspace.id, leadId);
    expect(body.data.lead).toEqual(lead);
    expect(body.data.submission).toEqual({
      id: submissions[0]!.id,
      captureLinkId: submissions[0]!.captureLinkId,
      receivedAt: submissions[0]!.receivedAt,
      outcome: "created",
      warnings: [],
    });
    expect(Object.keys(body.data.submission)).toEqual(["id", "captureLinkId", "receivedAt", "outcome", "warnings"]);

    await post(token, { email, city: "Recife" });
    const [, update] = await receiver.waitFor(path, 2);
    const updated = JSON.parse(update!.body);
    expect(updated.type).toBe("lead.updated");
    expect(updated.data.lead).toMatchObject({ id: leadId, city: "Recife" });
    expect(updated.data.submission.outcome).toBe("updated");
    expect(update!.headers["webhook-id"]).not.toBe(request!.headers["webhook-id"]);

    // Each reached the receiver before the dispatcher had its answer and recorded the delivery.
    await waitForState(endpoint.id, "delivered", 2);
    const log = await deliveries(workspace.slug ?? (await slugOf(workspace.id)), endpoint.id);
    expect(log).toHaveLength(2);
    expect(log[1]).toEqual({
      messageId: request!.headers["webhook-id"],
      type: "lead.created",
      state: "delivered",
      attempts: [{ at: expect.any(String), status: 200, durationMs: expect.any(Number), error: null }],
    });
  });

  it("sends the lead as the API shows it: birthday, address, custom fields by name, owner and tags", async () => {
    const { workspace, token, path } = await setup();
    await createField(db.current, workspace.id, { name: "company", label: "Company" });
    const email = uniqueEmail();
    const { id: leadId } = await post(token, {
      email,
      name: "Bia Lima",
      birthday: "1990-05-17",
      address: { street: "Rua A", number: "10", city: "Recife" },
      customFields: { company: "Acme" },
    });
    await receiver.waitFor(path, 1);
    // The next event is read after the lead got an owner and tags (the body is built at the first attempt).
    const owner = await db.current.prisma.user.create({
      data: { email: uniqueEmail("owner"), name: "Olga", passwordHash: "x" },
    });
    await db.current.prisma.lead.update({ where: { id: leadId }, data: { ownerId: owner.id, tags: ["vip", "Hot"] } });
    await post(token, { email, city: "Olinda" });
    const [first, second] = await receiver.waitFor(path, 2);
    const created = JSON.parse(first!.body).data.lead;
    expect(created).toMatchObject({ birthday: "1990-05-17", address: { street: "Rua A", number: "10", city: "Recife" } });
    expect(created.customFields).toEqual({ company: "Acme" });
    const { submissions: _, ...lead } = await getLead(workspace.id, leadId);
    expect(JSON.parse(second!.body).data.lead).toEqual(lead);
    expect(lead).toMatchObject({ owner: { id: owner.id, name: "Olga" }, tags: ["vip", "Hot"], city: "Olinda" });
  });

  it("reaches an endpoint created after the link was cached (the cache is told)", async () => {
    const { workspace, link, token } = await setupLink(db.current);
    await post(token, { email: uniqueEmail() });
    const endpoint = await createEndpoint(workspace.id, { url: receiver.url("/late") });
    await post(token, { email: uniqueEmail() });
    await receiver.waitFor("/late", 1);
    expect(await messagesOf(endpoint.id)).toHaveLength(1);
    expect(link.id).toBeTruthy();
  });

  it("sends only the events an endpoint takes", async () => {
    const { workspace, token, endpoint: both, path } = await setup();
    const updatesOnly = await createEndpoint(workspace.id, { url: receiver.url("/updates-only"), events: ["lead.updated"] });
    const email = uniqueEmail();
    await post(token, { email });
    // The update once the creation arrived: messages due together are sent at once, in no set order.
    await receiver.waitFor(path, 1);
    await post(token, { email, name: "Again" });
    const [created, updated] = await receiver.waitFor(path, 2);
    expect([JSON.parse(created!.body).type, JSON.parse(updated!.body).type]).toEqual(["lead.created", "lead.updated"]);
    const [only] = await receiver.waitFor("/updates-only", 1);
    expect(JSON.parse(only!.body).type).toBe("lead.updated");
    expect((await messagesOf(updatesOnly.id)).map((message) => message.eventType)).toEqual(["lead.updated"]);
    expect((await messagesOf(both.id)).map((message) => message.eventType)).toEqual(["lead.created", "lead.updated"]);
  });

  it("sends only the events of the links an endpoint is limited to", async () => {
    const { workspace, link, token } = await setupLink(db.current);
    const other = await createLink(db.current, workspace.id);
    const endpoint = await createEndpoint(workspace.id, { url: receiver.url("/other-link"), linkIds: [other.id] });
    await post(token, { email: uniqueEmail() });
    const wanted = uniqueEmail();
    await post(other.token, { email: wanted });
    const [request] = await receiver.waitFor("/other-link", 1);
    expect(JSON.parse(request!.body).data.lead.email).toBe(wanted);
    expect(JSON.parse(request!.body).data.submission.captureLinkId).toBe(other.id);
    expect(await messagesOf(endpoint.id)).toHaveLength(1);
    expect(link.id).not.toBe(other.id);
  });

  it("writes no message when no lead is stored (the message commits with the lead or not at all)", async () => {
    const { link, token, endpoint } = await setup();
    await post(token, { email: uniqueEmail() });
    await waitForState(endpoint.id, "delivered");
    // Revoked behind the link cache's back: the ingest statement itself refuses it, and writes nothing.
    await db.current.prisma.captureLink.update({ where: { id: link.id }, data: { status: "revoked" } });
    const response = await postText(token, JSON.stringify({ email: uniqueEmail() }));
    expect(response.status).toBe(410);
    expect(await messagesOf(endpoint.id)).toHaveLength(1);
  });

  it("sends the endpoint's custom headers", async () => {
    const { token, path } = await setup({
      headers: [
        { name: "X-N8N-Auth", value: "token 123" },
        { name: "Authorization", value: "Bearer abc" },
      ],
    });
    await post(token, { email: uniqueEmail() });
    const [request] = await receiver.waitFor(path, 1);
    expect(request!.headers["x-n8n-auth"]).toBe("token 123");
    expect(request!.headers.authorization).toBe("Bearer abc");
  });

  it("sends submission.rejected with the code and errors, never the payload", async () => {
    const { token, endpoint, path } = await setup({ events: ["submission.rejected"] });
    const response = await postText(token, JSON.stringify({ email: "not an email", name: "Secret Name" }));
    expect(response.status).toBe(422);
    const [request] = await receiver.waitFor(path, 1);
    const body = JSON.parse(request!.body);
    expect(body.type).toBe("submission.rejected");
    expect(Object.keys(body.data)).toEqual(["submission"]);
    expect(body.data.submission).toMatchObject({
      outcome: "rejected",
      code: "validation_failed",
      errors: [expect.objectContaining({ field: "email" })],
    });
    expect(request!.body).not.toContain("Secret Name");
    expect(await messagesOf(endpoint.id)).toHaveLength(1);
  });
});

describe("attempts", () => {
  it("retries a failed message with the same webhook-id until it is delivered", async () => {
    const { workspace, token, endpoint, path } = await setup();
    receiver.answer((request) =>
      request.path === path && receiver.to(path).length <= 2 ? { status: 500, body: "boom ".repeat(1000) } : { status: 200 },
    );
    try {
      await post(token, { email: uniqueEmail() });
      const requests = await receiver.waitFor(path, 3);
      expect(new Set(requests.map((request) => request.headers["webhook-id"])).size).toBe(1);
      expect(new Set(requests.map((request) => request.body)).size).toBe(1);
      for (const request of requests)
        new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>);
      const [message] = await waitForState(endpoint.id, "delivered");
      expect(message!.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
      expect(message!.attempts[0]!.response).toHaveLength(2048);
      const log = await deliveries(await slugOf(workspace.id), endpoint.id);
      expect(log[0].state).toBe("delivered");
      expect(log[0].attempts.map((attempt: { status: number }) => attempt.status)).toEqual([500, 500, 200]);
    } finally {
      receiver.answer(() => ({ status: 200 }));
    }
  });

  it("logs a 2xx answer with a NUL byte and accents as delivered, the NUL as U+FFFD", async () => {
    const { endpoint, token, path } = await setup();
    receiver.answer((request) => (request.path === path ? { status: 202, body: "aceito\0 ção" } : { status: 200 }));
    try {
      await post(token, { email: uniqueEmail() });
      const [message] = await waitForState(endpoint.id, "delivered");
      expect(message!.attempts.map((attempt) => [attempt.status, attempt.response])).toEqual([[202, "aceito\uFFFD ção"]]);
      expect(message!.body).toBe((await receiver.waitFor(path, 1))[0]!.body);
    } finally {
      receiver.answer(() => ({ status: 200 }));
    }
  });

  it("marks the message failed when the schedule is used up", async () => {
    const { token, endpoint, path } = await setup();
    receiver.answer((request) => (request.path === path ? { status: 503 } : { status: 200 }));
    try {
      await post(token, { email: uniqueEmail() });
      const [message] = await waitForState(endpoint.id, "failed");
      // The first attempt and one per entry of WEBHOOK_RETRY_SCHEDULE (3).
      expect(message!.attempts.map((attempt) => attempt.status)).toEqual([503, 503, 503, 503]);
      expect(receiver.to(path)).toHaveLength(4);
    } finally {
      receiver.answer(() => ({ status: 200 }));
    }
  });

  it("disables the endpoint on 410 Gone", async () => {
    const { token, endpoint, path } = await setup();
    receiver.answer((request) => (request.path === path ? { status: 410 } : { status: 200 }));
    try {
      await post(token, { email: uniqueEmail() });
      const [message] = await waitForState(endpoint.id, "failed");
      expect(message!.attempts).toHaveLength(1);
      const stored = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      expect(stored).toMatchObject({ enabled: false, disabledReason: "gone" });
      await post(token, { email: uniqueEmail() });
      expect(await messagesOf(endpoint.id)).toHaveLength(1);
      expect(receiver.to(path)).toHaveLength(1);
    } finally {
      receiver.answer(() => ({ status: 200 }));
    }
  });

  it("does not follow a redirect: it is a failed attempt", async () => {
    const { token, endpoint, path } = await setup();
    receiver.answer((request) =>
      request.path === path ? { status: 302, headers: { location: receiver.url("/redirect-target") } } : { status: 200 },
    );
    try {
      await post(token, { email: uniqueEmail() });
      const [message] = await waitForState(endpoint.id, "failed");
      expect(message!.attempts.map((attempt) => attempt.status)).toEqual([302, 302, 302, 302]);
      expect(message!.attempts[0]!.error).toMatch(/redirect/);
      expect(message!.attempts[0]!.succeeded).toBe(false);
      expect(receiver.to("/redirect-target")).toHaveLength(0);
    } finally {
      receiver.answer(() => ({ status: 200 }));
    }
  });

  it("waits at least as long as Retry-After says", async () => {
    const { token, endpoint, path } = await setup();
    receiver.answer((request) =>
      request.path === path && receiver.to(path).length === 1
        ? { status: 429, headers: { "retry-after": "2" } }
        : { status: 200 },
    );
    try {
      await post(token, { email: uniqueEmail() });
      const [first, second] = await receiver.waitFor(path, 2);
      // The schedule says 100 ms; Retry-After says 2 s.
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(2_000);
      const [message] = await waitForState(endpoint.id, "delivered");
      expect(message!.attempts.map((attempt) => attempt.status)).toEqual([429, 200]);
      expect(message!.attempts[1]!.at.getTime() - message!.attempts[0]!.at.getTime()).toBeGreaterThanOrEqual(2_000);
    } finally {
      receiver.answer(() => ({ status: 200 }));
    }
  });

  it("disables an endpoint with no success for 5 days and at least 10 failed attempts", async () => {
    const { token, endpoint, path } = await setup();
    const young = await setup();
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 3_600_000);
    // Nine failures over the last days (what the retry schedule would have left), then one more, live.
    for (const target of [endpoint, young.endpoint]) {
      const old = await db.current.prisma.webhookMessage.create({
        data: {
          endpointId: target.id,
          workspaceId: (await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: target.id } })).workspaceId,
          eventType: "lead.created",
          state: "failed",
          attemptCount: 9,
        },
      });
      await db.current.prisma.webhookAttempt.createMany({
        data: Array.from({ length: 9 }, (_, index) => ({
          messageId: old.id,
          endpointId: target.id,
          at: new Date(sixDaysAgo.getTime() + index * 3_600_000),
          durationMs: 5,
          status: 500,
          succeeded: false,
        })),
      });
    }
    await db.current.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { createdAt: sixDaysAgo } });
    receiver.answer((request) => (request.path === path || request.path === young.path ? { status: 500 } : { status: 200 }));
    try {
      await post(token, { email: uniqueEmail() });
      await post(young.token, { email: uniqueEmail() });
      await receiver.waitFor(path, 1);
      await receiver.waitFor(young.path, 4);
      const deadline = Date.now() + 10_000;
      let stored = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      while (stored.enabled && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        stored = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      }
      expect(stored).toMatchObject({ enabled: false, disabledReason: "failing" });
      // Its pending message waits; no further attempt is made while it is disabled.
      expect(receiver.to(path)).toHaveLength(1);
      // The same failures on an endpoint created today: still enabled (no 5 days without success yet).
      await waitForState(young.endpoint.id, "failed");
      expect(await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: young.endpoint.id } })).toMatchObject({
        enabled: true,
      });
    } finally {
      receiver.answer(() => ({ status: 200 }));
    }
  });
});

describe("SSRF guard when connecting", () => {
  it.each([
    ["a name that resolves to a loopback address", (port: number) => `http://localhost:${port}/ssrf-name`],
    ["a loopback address", (port: number) => `http://127.0.0.1:${port}/ssrf-literal`],
  ])("refuses %s saved while internal targets were allowed", async (_, url) => {
    const { token, endpoint } = await setup({ url: url(receiver.port) });
    const path = new URL(url(receiver.port)).pathname;
    setEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "0");
    try {
      await post(token, { email: uniqueEmail() });
      const [message] = await waitForState(endpoint.id, "failed");
      expect(message!.attempts).toHaveLength(4);
      expect(message!.attempts[0]).toMatchObject({ status: null, succeeded: false });
      expect(message!.attempts[0]!.error).toMatch(/loopback, private, link-local/);
      expect(receiver.to(path)).toHaveLength(0);
    } finally {
      setEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "1");
    }
  });
});

describe("secret rotation", () => {
  it("signs with both secrets for 24 hours: a receiver with either one verifies", async () => {
    const { workspace, token, endpoint, path } = await setup();
    const rotated = await rotateSecret(workspace.id, endpoint.id);
    await post(token, { email: uniqueEmail() });
    const [request] = await receiver.waitFor(path, 1);
    const signatures = String(request!.headers["webhook-signature"]).split(" ");
    expect(signatures).toHaveLength(2);
    expect(signatures.every((signature) => signature.startsWith("v1,"))).toBe(true);
    new Webhook(endpoint.secret).verify(request!.body, request!.headers as Record<string, string>);
    new Webhook(rotated.secret).verify(request!.body, request!.headers as Record<string, string>);
  });
});

describe("Slack", () => {
  it("posts a readable message through the same queue", async () => {
    const { workspace, token, endpoint, path } = await setup({ kind: "slack" });
    const link = await db.current.prisma.captureLink.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    const email = uniqueEmail();
    const { id: leadId } = await post(token, {
      email,
      name: "Bia <b>Lima</b>",
      telephone: "+55 11 98765-4321",
      utmSource: "instagram",
      utmCampaign: "promo",
    });
    const [request] = await receiver.waitFor(path, 1);
    const body = JSON.parse(request!.body);
    expect(Object.keys(body)).toEqual(["text"]);
    expect(body.text).toContain("New lead: Bia &lt;b&gt;Lima&lt;/b&gt;");
    expect(body.text).toContain(`Email: ${email}`);
    expect(body.text).toContain("Phone: +55 11 98765-4321");
    expect(body.text).toContain(`Link: ${link.name}`);
    expect(body.text).toContain("utm_source=instagram");
    expect(body.text).toContain("utm_campaign=promo");
    expect(body.text).toContain(`/w/${await slugOf(workspace.id)}/leads/${leadId}|`);
    expect(request!.headers["webhook-signature"]).toBeUndefined();
    await waitForState(endpoint.id, "delivered");
  });
});
