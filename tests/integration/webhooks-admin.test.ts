// Issue 11, part 2: managing webhook endpoints from the admin (the real server actions, as owners, admins,
// members and another workspace's owner) and the delivery log's verbs against a real receiver: update with
// masked headers kept, delete, rotate, "Send test event", "Resend", "Resend failed since…", the banner of
// endpoints Leadlink disabled, and the hook the email notifications use.
// Before any app module: Next's modules look for AsyncLocalStorage on globalThis when they load.
import "../support/next-request-globals";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEndpointAction,
  deleteEndpointAction,
  resendFailedSinceAction,
  resendMessageAction,
  rotateSecretAction,
  sendTestEventAction,
  setEndpointEnabledAction,
  updateEndpointAction,
} from "@/app/(admin)/w/[slug]/webhooks/actions";
import { resetEnv } from "@/lib/env";
import { createLink } from "@/lib/links/create-link";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { deleteEndpoint } from "@/lib/webhooks/delete-endpoint";
import { type EndpointDisabledEvent, listDisabledEndpoints, onEndpointDisabled } from "@/lib/webhooks/endpoint-disabled";
import { listEndpointStates } from "@/lib/webhooks/endpoint-states";
import { getEndpoint } from "@/lib/webhooks/get-endpoint";
import { listMessages } from "@/lib/webhooks/list-messages";
import { resendFailedSince } from "@/lib/webhooks/resend-failed-since";
import { resendMessage } from "@/lib/webhooks/resend-message";
import { rotateSecret } from "@/lib/webhooks/rotate-secret";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { setEndpointEnabled } from "@/lib/webhooks/set-endpoint-enabled";
import { updateEndpoint } from "@/lib/webhooks/update-endpoint";
import { runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { uniqueEmail } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { errorCode, fieldErrors, newMember, newTenant } from "../support/tenants";
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
  // One quick retry, then failed: a failing receiver gives failed messages within a second.
  setEnv("WEBHOOK_RETRY_SCHEDULE", "100ms");
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
/** A workspace (with its owner), a capture link, and an endpoint on its own receiver path. */
async function setup() {
  const { owner, workspace } = await newTenant("Hooks");
  const link = await createLink(workspace.id, { name: "Landing page" });
  const path = `/admin-${++paths}`;
  const endpoint = await createEndpoint(workspace.id, {
    url: receiver.url(path),
    headers: [{ name: "X-Api-Key", value: "secret-key-123" }],
  });
  return { owner, workspace, link, endpoint, path };
}

/** The receiver answers `status(index of this request on path)` on `path`, 200 elsewhere. */
function answerOn(path: string, status: (index: number) => number) {
  const previous = new Map<string, number>();
  receiver.answer((request) => {
    if (request.path !== path) return { status: 200, body: "ok" };
    const index = previous.get(path) ?? 0;
    previous.set(path, index + 1);
    const code = status(index);
    return { status: code, body: code < 300 ? "thanks" : `nope ${code}` };
  });
}

async function newLead(token: string) {
  const answer = await post(token, { email: uniqueEmail(), name: "Ana" });
  expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
  return answer.json!.leadId as string;
}

async function waitForStates(workspaceId: string, endpointId: string, expected: Record<string, number>) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { messages } = await listMessages(workspaceId, endpointId, { limit: 100 });
    const counts: Record<string, number> = {};
    for (const message of messages) counts[message.state] = (counts[message.state] ?? 0) + 1;
    if (Object.entries(expected).every(([state, count]) => (counts[state] ?? 0) === count)) return messages;
    if (Date.now() > deadline) throw new Error(`states ${JSON.stringify(counts)}, expected ${JSON.stringify(expected)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

describe("update", () => {
  it("replaces url, kind, events, links and description, keeps a masked header unless replaced, leaves enabled alone", async () => {
    const { workspace, link, endpoint, path } = await setup();
    await setEndpointEnabled(workspace.id, endpoint.id, false);
    const updated = await updateEndpoint(workspace.id, endpoint.id, {
      url: receiver.url(`${path}-moved`),
      events: ["lead.created", "submission.rejected"],
      linkIds: [link.id],
      headers: [
        { name: "X-Api-Key", value: null },
        { name: "X-Tenant", value: "acme" },
      ],
      description: "CRM",
    });
    expect(updated).toMatchObject({
      url: receiver.url(`${path}-moved`),
      events: ["lead.created", "submission.rejected"],
      linkIds: [link.id],
      description: "CRM",
      enabled: false,
      headers: [
        { name: "X-Api-Key", value: "se••••" },
        { name: "X-Tenant", value: "••••" },
      ],
    });
    const row = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.headers).toEqual([
      { name: "X-Api-Key", value: "secret-key-123" },
      { name: "X-Tenant", value: "acme" },
    ]);
    expect(row.secret).toBe(endpoint.secret);

    // A typed value replaces the stored one; a header left out is removed.
    await updateEndpoint(workspace.id, endpoint.id, {
      url: updated.url,
      headers: [{ name: "x-api-key", value: "new-key" }],
    });
    const again = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(again.headers).toEqual([{ name: "x-api-key", value: "new-key" }]);
    expect(again.events).toEqual(["lead.created", "lead.updated"]);
  });

  it("refuses a new header without a value, bad input and private URLs like create does, changing nothing", async () => {
    const { workspace, endpoint } = await setup();
    expect(
      await fieldErrors(
        updateEndpoint(workspace.id, endpoint.id, { url: endpoint.url, headers: [{ name: "X-New", value: null }] }),
      ),
    ).toEqual({ "headers.0.value": "required" });
    expect(await fieldErrors(updateEndpoint(workspace.id, endpoint.id, { url: "ftp://example.com" }))).toHaveProperty("url");
    expect(
      await errorCode(updateEndpoint(workspace.id, endpoint.id, { url: endpoint.url, linkIds: [crypto.randomUUID()] })),
    ).toBe("capture_link_not_found");
    setEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", undefined);
    try {
      expect(await errorCode(updateEndpoint(workspace.id, endpoint.id, { url: "http://169.254.169.254/latest" }))).toBe(
        "webhook_url_forbidden",
      );
    } finally {
      setEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "1");
    }
    const row = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.url).toBe(endpoint.url);
  });
});

describe("tenancy and roles", () => {
  it("treats another workspace's endpoint as not found in every verb", async () => {
    const { endpoint } = await setup();
    const other = await newTenant("Other");
    const id = endpoint.id;
    const ws = other.workspace.id;
    const attempts = [
      () => updateEndpoint(ws, id, { url: endpoint.url }),
      () => deleteEndpoint(ws, id),
      () => rotateSecret(ws, id),
      () => setEndpointEnabled(ws, id, false),
      () => sendTestEvent(ws, id),
      () => resendFailedSince(ws, id, { since: new Date(0) }),
      () => listMessages(ws, id),
      () => getEndpoint(ws, id),
      () => resendMessage(ws, id, "msg_00000000000000000000000000000000"),
      () => updateEndpoint(ws, "not-a-uuid", { url: endpoint.url }),
    ];
    for (const attempt of attempts) expect(await errorCode(attempt())).toBe("webhook_not_found");
    // Through the actions, as the other workspace's owner naming their own workspace.
    const slug = other.workspace.slug;
    expect((await callAction(other.owner, () => deleteEndpointAction(slug, id))).code).toBe("webhook_not_found");
    expect((await callAction(other.owner, () => sendTestEventAction(slug, id, {}, form({})))).code).toBe("webhook_not_found");
    expect((await callAction(other.owner, () => rotateSecretAction(slug, id, {}, form({})))).code).toBe("webhook_not_found");
    // ...or naming this workspace, which they do not belong to.
    const { workspace } = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({
      where: { id },
      select: { workspace: { select: { slug: true } } },
    });
    expect((await callAction(other.owner, () => deleteEndpointAction(workspace.slug, id))).code).toBe("not_found");
    expect(await db.current.prisma.webhookEndpoint.count({ where: { id } })).toBe(1);
  });

  it("lets owners and admins manage endpoints through the actions and refuses members", async () => {
    const { owner, workspace, endpoint, path } = await setup();
    const admin = await newMember(workspace.id, "admin");
    const member = await newMember(workspace.id, "member");
    const slug = workspace.slug;
    const fields = {
      kind: "webhook",
      url: receiver.url(`${path}-created`),
      events: ["lead.created", "lead.erased"],
      headerName: ["Authorization", ""],
      headerValue: ["Bearer abc", ""],
      description: "n8n",
    };

    const refused = [
      await callAction(member, () => createEndpointAction(slug, {}, form(fields))),
      await callAction(member, () => updateEndpointAction(slug, endpoint.id, {}, form(fields))),
      await callAction(member, () => deleteEndpointAction(slug, endpoint.id)),
      await callAction(member, () => rotateSecretAction(slug, endpoint.id, {}, form({}))),
      await callAction(member, () => setEndpointEnabledAction(slug, endpoint.id, false, {}, form({}))),
      await callAction(member, () => sendTestEventAction(slug, endpoint.id, {}, form({}))),
      await callAction(member, () => resendMessageAction(slug, endpoint.id, {}, form({ messageId: "msg_x" }))),
      await callAction(member, () => resendFailedSinceAction(slug, endpoint.id, {}, form({ since: "2020-01-01T00:00:00Z" }))),
      await callAction(null, () => sendTestEventAction(slug, endpoint.id, {}, form({}))),
    ];
    expect(refused.map((state) => state.code)).toEqual([...Array(8).fill("forbidden"), "unauthorized"]);
    expect(await db.current.prisma.webhookEndpoint.count({ where: { workspaceId: workspace.id } })).toBe(1);
    expect(await db.current.prisma.webhookMessage.count({ where: { endpointId: endpoint.id } })).toBe(0);

    const created = await callAction(admin, () => createEndpointAction(slug, {}, form(fields)));
    expect(created).toMatchObject({ ok: true, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    const row = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: created.endpointId } });
    expect(row).toMatchObject({
      url: fields.url,
      events: ["lead.created", "lead.erased"],
      headers: [{ name: "Authorization", value: "Bearer abc" }],
      description: "n8n",
      secret: created.secret,
    });

    const invalid = await callAction(owner, () => createEndpointAction(slug, {}, form({ ...fields, url: "nope" })));
    expect(invalid).toMatchObject({ ok: false, code: "validation_failed", fieldErrors: { url: expect.any(String) } });

    // Editing from the form: an empty value box keeps the masked header.
    await expect(
      callAction(owner, () =>
        updateEndpointAction(
          slug,
          created.endpointId!,
          {},
          form({ ...fields, headerName: ["Authorization"], headerValue: [""], description: "n8n prod" }),
        ),
      ),
    ).rejects.toThrow(/NEXT_REDIRECT/);
    expect(await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: created.endpointId } })).toMatchObject({
      headers: [{ name: "Authorization", value: "Bearer abc" }],
      description: "n8n prod",
    });

    const rotated = await callAction(admin, () => rotateSecretAction(slug, created.endpointId!, {}, form({})));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    const afterRotation = await getEndpoint(workspace.id, created.endpointId!);
    expect(new Date(afterRotation.previousSecretExpiresAt!).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    await expect(callAction(owner, () => deleteEndpointAction(slug, created.endpointId!))).rejects.toThrow(/NEXT_REDIRECT/);
    expect(await db.current.prisma.webhookEndpoint.count({ where: { id: created.endpointId } })).toBe(0);
  });
});

describe("delivery log verbs", () => {
  it("sends a signed test event through the queue, with test: true, and logs its attempt", async () => {
    const { owner, workspace, link, endpoint, path } = await setup();
    const state = await callAction(owner, () => sendTestEventAction(workspace.slug, endpoint.id, {}, form({})));
    expect(state).toMatchObject({ ok: true, message: expect.stringMatching(/msg_[0-9a-f]{32}/) });
    const [request] = await receiver.waitFor(path, 1);
    const body = new Webhook(endpoint.secret).verify(request!.body, request!.headers as Record<string, string>) as Record<
      string,
      any
    >;
    expect(Object.keys(body)).toEqual(["type", "timestamp", "data", "test"]);
    expect(body).toMatchObject({ type: "lead.created", test: true });
    expect(body.data.lead).toMatchObject({ email: expect.stringContaining("@"), name: expect.any(String) });
    expect(body.data.submission).toMatchObject({ captureLinkId: link.id, outcome: "created" });
    expect(request!.headers["x-api-key"]).toBe("secret-key-123");

    const [message] = await waitForStates(workspace.id, endpoint.id, { delivered: 1 });
    expect(message).toMatchObject({ messageId: request!.headers["webhook-id"], test: true, type: "lead.created" });
    expect(message!.attempts).toEqual([
      expect.objectContaining({ status: 200, succeeded: true, response: "ok", error: null, durationMs: expect.any(Number) }),
    ]);
    const states = await listEndpointStates(workspace.id);
    expect(states.get(endpoint.id)).toMatchObject({ lastAttempt: { status: 200, succeeded: true }, pending: 0, failed: 0 });
  });

  it("resends one message now with the same webhook-id, after it failed", async () => {
    const { owner, workspace, link, endpoint, path } = await setup();
    answerOn(path, (index) => (index < 2 ? 500 : 200));
    await newLead(link.token);
    const [failed] = await waitForStates(workspace.id, endpoint.id, { failed: 1 });
    expect(failed!.attempts.map((attempt) => [attempt.status, attempt.response])).toEqual([
      [500, "nope 500"],
      [500, "nope 500"],
    ]);
    expect((await listEndpointStates(workspace.id)).get(endpoint.id)).toMatchObject({
      lastAttempt: { status: 500, succeeded: false },
      failed: 1,
    });

    const state = await callAction(owner, () =>
      resendMessageAction(workspace.slug, endpoint.id, {}, form({ messageId: failed!.messageId })),
    );
    expect(state.ok).toBe(true);
    const [delivered] = await waitForStates(workspace.id, endpoint.id, { delivered: 1 });
    expect(delivered!.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
    const requests = receiver.to(path);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((request) => request.headers["webhook-id"]))).toEqual(new Set([failed!.messageId]));
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);

    // A delivered message can be sent again too (a receiver that lost it); unknown ids are not found.
    await resendMessage(workspace.id, endpoint.id, delivered!.messageId);
    await receiver.waitFor(path, 4);
    for (const id of ["msg_nothex", "msg_0123456789abcdef0123456789abcdef", crypto.randomUUID()]) {
      expect(await errorCode(resendMessage(workspace.id, endpoint.id, id))).toBe("webhook_message_not_found");
    }
    // Another endpoint's message is not this endpoint's.
    const sibling = await createEndpoint(workspace.id, { url: receiver.url(`${path}-sibling`) });
    expect(await errorCode(resendMessage(workspace.id, sibling.id, delivered!.messageId))).toBe("webhook_message_not_found");
  });

  it("resends every failed message since a time, and only those", async () => {
    const { owner, workspace, link, endpoint, path } = await setup();
    answerOn(path, () => 503);
    await newLead(link.token);
    await newLead(link.token);
    await newLead(link.token);
    const failed = await waitForStates(workspace.id, endpoint.id, { failed: 3 });
    // The oldest message is from yesterday.
    const oldest = failed.at(-1)!;
    await db.current.prisma.webhookMessage.updateMany({
      where: { endpointId: endpoint.id, id: oldest.messageId.replace(/^msg_(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5") },
      data: { createdAt: new Date(Date.now() - 86_400_000) },
    });
    answerOn(path, () => 200);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const state = await callAction(owner, () => resendFailedSinceAction(workspace.slug, endpoint.id, {}, form({ since })));
    expect(state).toMatchObject({ ok: true, message: "2 failed messages will be sent again now." });
    const messages = await waitForStates(workspace.id, endpoint.id, { delivered: 2, failed: 1 });
    expect(messages.find((message) => message.messageId === oldest.messageId)?.state).toBe("failed");

    const filtered = await listMessages(workspace.id, endpoint.id, { state: "failed" });
    expect(filtered.messages.map((message) => message.messageId)).toEqual([oldest.messageId]);
    expect(await resendFailedSince(workspace.id, endpoint.id, { since: new Date() })).toEqual({ resent: 0 });
    expect(await fieldErrors(resendFailedSince(workspace.id, endpoint.id, { since: "yesterday-ish" }))).toEqual({
      since: "invalid_type",
    });
    const invalid = await callAction(owner, () => resendFailedSinceAction(workspace.slug, endpoint.id, {}, form({ since: "" })));
    expect(invalid).toMatchObject({ ok: false, code: "validation_failed" });
  });

  it("pages the log newest first", async () => {
    const { workspace, endpoint } = await setup();
    for (let index = 0; index < 5; index++) await sendTestEvent(workspace.id, endpoint.id);
    await waitForStates(workspace.id, endpoint.id, { delivered: 5 });
    const first = await listMessages(workspace.id, endpoint.id, { limit: 2 });
    const second = await listMessages(workspace.id, endpoint.id, { limit: 2, before: first.older! });
    const third = await listMessages(workspace.id, endpoint.id, { limit: 2, before: second.older! });
    const all = await listMessages(workspace.id, endpoint.id, { limit: 10 });
    expect([...first.messages, ...second.messages, ...third.messages].map((message) => message.messageId)).toEqual(
      all.messages.map((message) => message.messageId),
    );
    expect(third.older).toBeNull();
    // A cursor edited by hand starts from the newest.
    expect((await listMessages(workspace.id, endpoint.id, { limit: 2, before: "garbage" })).messages).toEqual(first.messages);
  });
});

describe("delete", () => {
  it("deletes the endpoint with its messages and attempts; no further messages are written for it", async () => {
    const { workspace, link, endpoint, path } = await setup();
    await newLead(link.token);
    await receiver.waitFor(path, 1);
    await waitForStates(workspace.id, endpoint.id, { delivered: 1 });
    await deleteEndpoint(workspace.id, endpoint.id);
    expect(await db.current.prisma.webhookMessage.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect(await db.current.prisma.webhookAttempt.count({ where: { endpointId: endpoint.id } })).toBe(0);
    await newLead(link.token);
    expect(await db.current.prisma.webhookMessage.count({ where: { workspaceId: workspace.id } })).toBe(0);
    expect(await errorCode(deleteEndpoint(workspace.id, endpoint.id))).toBe("webhook_not_found");
  });
});

describe("auto-disable banner", () => {
  it("lists an endpoint Leadlink disabled, with why and when, tells listeners, and forgets it once re-enabled or deleted", async () => {
    const { workspace, link, endpoint, path } = await setup();
    const events: EndpointDisabledEvent[] = [];
    const stop = onEndpointDisabled((event) => {
      events.push(event);
    });
    try {
      answerOn(path, () => 410);
      await newLead(link.token);
      await waitForStates(workspace.id, endpoint.id, { failed: 1 });
      const deadline = Date.now() + 10_000;
      while (events.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(events).toEqual([{ workspaceId: workspace.id, endpointId: endpoint.id, reason: "gone" }]);
    } finally {
      stop();
    }
    const [listed] = await listDisabledEndpoints(workspace.id);
    expect(listed).toMatchObject({ id: endpoint.id, url: endpoint.url, reason: "gone" });
    expect(Date.now() - new Date(listed!.disabledAt).getTime()).toBeLessThan(60_000);
    expect((await getEndpoint(workspace.id, endpoint.id)).disabledReason).toBe("gone");

    // Disabled by a person: no banner. Enabled again: none either.
    const manual = await createEndpoint(workspace.id, { url: receiver.url(`${path}-manual`) });
    await setEndpointEnabled(workspace.id, manual.id, false);
    expect((await listDisabledEndpoints(workspace.id)).map((item) => item.id)).toEqual([endpoint.id]);
    await setEndpointEnabled(workspace.id, endpoint.id, true);
    expect(await listDisabledEndpoints(workspace.id)).toEqual([]);
    expect((await listDisabledEndpoints((await newTenant()).workspace.id)).length).toBe(0);
  });
});

describe("command line", () => {
  it("sends a test event and resends from the command line, scoped to the workspace", async () => {
    const { workspace, endpoint, path } = await setup();
    const slug = workspace.slug;
    answerOn(path, () => 500);
    const test = await runJson("webhook", "test", "--workspace", slug, "--id", endpoint.id);
    expect(test.code).toBe(0);
    expect(test.body).toEqual({ messageId: expect.stringMatching(/^msg_[0-9a-f]{32}$/) });
    await waitForStates(workspace.id, endpoint.id, { failed: 1 });
    answerOn(path, () => 200);

    const one = await runJson("webhook", "resend", "--workspace", slug, "--id", endpoint.id, "--message", test.body.messageId);
    expect(one.body).toEqual({ messageId: test.body.messageId });
    await waitForStates(workspace.id, endpoint.id, { delivered: 1 });
    const since = await runJson(
      "webhook",
      "resend",
      "--workspace",
      slug,
      "--id",
      endpoint.id,
      "--failed-since",
      "2020-01-01T00:00:00Z",
    );
    expect(since.body).toEqual({ resent: 0 });

    const other = await newTenant("Other");
    const foreign = await runJson("webhook", "test", "--workspace", other.workspace.slug, "--id", endpoint.id);
    expect(foreign.code).not.toBe(0);
    expect(foreign.body.error.code).toBe("webhook_not_found");
    const neither = await runJson("webhook", "resend", "--workspace", slug, "--id", endpoint.id);
    expect(neither.body.error.code).toBe("validation_failed");
  });
});
