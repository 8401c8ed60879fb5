// DESIGN.md section 14: Telegram as a kind of webhook endpoint. Endpoints made through the real API route and
// domain functions, leads through the real ingest route, delivery by the real dispatcher to a local Bot API
// that answers as Telegram documents it; texts in the workspace's language (section 13).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { CLI_ACTOR } from "@/lib/audit/record";
import { runCli } from "@/lib/cli/run-cli";
import { resetEnv } from "@/lib/env";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { getEndpoint } from "@/lib/webhooks/get-endpoint";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { updateEndpoint } from "@/lib/webhooks/update-endpoint";
import { updateWorkspaceSettings } from "@/lib/workspaces/workspace-settings";
import { api } from "../support/api-client";
import { useTestDatabase } from "../support/database";
import { type FakeTelegram, startFakeTelegram } from "../support/fake-telegram";
import { createLink } from "../support/fixtures";
import { expectProblem, postText, uniqueEmail } from "../support/ingest-helpers";
import { fieldErrors, newTenant } from "../support/tenants";

const db = useTestDatabase();
const tokens = Array.from(
  { length: 8 },
  () => `${100_000_000 + Math.floor(Math.random() * 1e8)}:AA${randomBytes(24).toString("base64url")}`,
);
let telegram: FakeTelegram;
let dispatcher: Dispatcher;
const saved = { api: process.env.TELEGRAM_API_URL, schedule: process.env.WEBHOOK_RETRY_SCHEDULE };

function setEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetEnv();
}

beforeAll(async () => {
  telegram = await startFakeTelegram(tokens);
  setEnv("TELEGRAM_API_URL", telegram.url);
  setEnv("WEBHOOK_RETRY_SCHEDULE", "100ms,100ms,100ms");
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await telegram?.close();
  setEnv("TELEGRAM_API_URL", saved.api);
  setEnv("WEBHOOK_RETRY_SCHEDULE", saved.schedule);
});

let used = 0;
/** A workspace (with its owner, whose language is unset), a link, and a bot token of its own. */
async function setup(country = "BR") {
  const { workspace } = await newTenant("Telegram");
  // As creation makes it for that country: another country's workspace speaks English (DESIGN.md section 13).
  await db.current.prisma.workspace.update({
    where: { id: workspace.id },
    data: { country, ...(country !== "BR" && { language: "en", timeZone: "UTC" }) },
  });
  const link = await createLink(db.current, workspace.id);
  return { workspace, link, botToken: tokens[used++]! };
}

async function ingest(linkToken: string, body: Record<string, unknown>) {
  const response = await postText(linkToken, JSON.stringify(body));
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return ((await response.json()) as { leadId: string }).leadId;
}

async function messagesOf(endpointId: string) {
  return db.current.prisma.webhookMessage.findMany({
    where: { endpointId },
    orderBy: { createdAt: "asc" },
    include: { attempts: { orderBy: { at: "asc" } } },
  });
}

async function waitForDelivered(endpointId: string, count = 1) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const messages = await messagesOf(endpointId);
    if (messages.filter((message) => message.state === "delivered").length >= count) return messages;
    if (Date.now() > deadline) throw new Error(`messages: ${JSON.stringify(messages.map((m) => [m.state, m.attemptCount]))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("Telegram endpoints", () => {
  it("are created through the API with a bot token that is masked on every read", async () => {
    const { workspace, botToken } = await setup();
    const key = (await createApiKey(workspace.id, { name: "Sync", scope: "write" })).token;
    const created = await api("/api/v1/webhooks", {
      key,
      method: "POST",
      body: { kind: "telegram", botToken, chatId: "-1001234567890" },
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: "telegram", url: "", chatId: "-1001234567890", events: ["lead.created", "lead.updated"] });
    expect(body.botToken).toBe(`${botToken.slice(0, 2)}••••`);
    const listed = await api("/api/v1/webhooks", { key });
    const text = await listed.text();
    expect(text).toContain("-1001234567890");
    expect(text).not.toContain(botToken);
    expect(text).not.toContain(botToken.split(":")[1]);
    const detail = await getEndpoint(workspace.id, body.id as string);
    expect(JSON.stringify(detail)).not.toContain(botToken.split(":")[1]);
    expect(detail.botToken).toBe(`${botToken.slice(0, 2)}••••`);
    // The token is stored as given (the dispatcher needs it), and only there.
    const row = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: body.id as string } });
    expect(row.botToken).toBe(botToken);
  });

  it("refuse a missing or malformed token or chat id, with the field named (problem+json 422 on the API)", async () => {
    const { workspace, botToken } = await setup();
    expect(await fieldErrors(createEndpoint(workspace.id, { kind: "telegram", chatId: "42" }))).toEqual({
      botToken: "required",
    });
    expect(await fieldErrors(createEndpoint(workspace.id, { kind: "telegram", botToken }))).toEqual({ chatId: "required" });
    expect(
      await fieldErrors(createEndpoint(workspace.id, { kind: "telegram", botToken: "not a token", chatId: "chat 42" })),
    ).toEqual({ botToken: "invalid_bot_token", chatId: "invalid_chat_id" });
    // A webhook still needs its URL.
    expect(await fieldErrors(createEndpoint(workspace.id, { kind: "webhook" }))).toHaveProperty("url");
    const key = (await createApiKey(workspace.id, { name: "Sync", scope: "write" })).token;
    const problem = await expectProblem(
      await api("/api/v1/webhooks", { key, method: "POST", body: { kind: "telegram", botToken: 42, chatId: "1" } }),
      422,
      "validation_failed",
    );
    expect(JSON.stringify(problem)).toContain("botToken");
  });

  it("send a new lead to the Bot API as documented, in Portuguese for a Brazilian workspace, values escaped", async () => {
    const { workspace, link, botToken } = await setup("BR");
    const endpoint = await createEndpoint(workspace.id, { kind: "telegram", botToken, chatId: "-1001234567890" });
    const email = uniqueEmail();
    const leadId = await ingest(link.token, {
      name: "Ana <b>Souza</b> & Cia",
      email,
      telephone: "+55 11 98765-4321",
      utmSource: "ads",
    });
    const [request] = await telegram.waitFor(botToken, 1);
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe(`/bot${botToken}/sendMessage`);
    expect(request!.headers["content-type"]).toBe("application/json");
    const sent = JSON.parse(request!.body);
    expect(Object.keys(sent).sort()).toEqual(["chat_id", "link_preview_options", "parse_mode", "text"]);
    expect(sent.chat_id).toBe("-1001234567890");
    expect(sent.parse_mode).toBe("HTML");
    expect(sent.link_preview_options).toEqual({ is_disabled: true });
    expect(sent.text).toBe(
      [
        "<b>Novo lead: Ana &lt;b&gt;Souza&lt;/b&gt; &amp; Cia</b>",
        `E-mail: ${email}`,
        "Telefone: +55 11 98765-4321",
        "Link: Landing page",
        "UTM: utm_source=ads",
        `<a href="http://localhost:3000/w/${workspace.slug}/leads/${leadId}">Abrir o lead no Leadlink</a>`,
      ].join("\n"),
    );
    const [message] = await waitForDelivered(endpoint.id);
    expect(message!.eventType).toBe("lead.created");
    expect(message!.body).toBe(sent.text);
    expect(message!.attempts.map((attempt) => attempt.status)).toEqual([200]);
    expect(message!.attempts[0]!.response).toContain('"ok":true');

    await ingest(link.token, { email, city: "Recife" });
    const [, update] = await telegram.waitFor(botToken, 2);
    expect(JSON.parse(update!.body).text).toMatch(/^<b>Lead atualizado: Ana &lt;b&gt;Souza&lt;\/b&gt; &amp; Cia<\/b>/);
  });

  it("write in English for a workspace outside Brazil, and in the workspace's language once it is changed", async () => {
    const { workspace, link, botToken } = await setup("US");
    await createEndpoint(workspace.id, { kind: "telegram", botToken, chatId: "@leadlink_test" });
    await ingest(link.token, { name: "John Doe", telephone: "+1 415 555 0123" });
    const [first] = await telegram.waitFor(botToken, 1);
    expect(JSON.parse(first!.body).text).toMatch(/^<b>New lead: John Doe<\/b>\nPhone: \+1 415 555-0123\n/);
    expect(JSON.parse(first!.body).chat_id).toBe("@leadlink_test");
    await updateWorkspaceSettings(workspace.id, { language: "pt-BR" }, CLI_ACTOR);
    await ingest(link.token, { name: "Mary Roe", email: uniqueEmail() });
    const [, second] = await telegram.waitFor(botToken, 2);
    expect(JSON.parse(second!.body).text).toMatch(/^<b>Novo lead: Mary Roe<\/b>/);
  });

  it("retry a 500 with the same text, and wait as long as a 429's retry_after says", async () => {
    const { workspace, link, botToken } = await setup();
    const endpoint = await createEndpoint(workspace.id, { kind: "telegram", botToken, chatId: "42" });
    telegram.failNext(botToken, {
      status: 500,
      body: { ok: false, error_code: 500, description: "Internal Server Error" },
    });
    await ingest(link.token, { name: "Retry Me", email: uniqueEmail() });
    const [first, second] = await telegram.waitFor(botToken, 2);
    expect(second!.body).toBe(first!.body);
    const [message] = await waitForDelivered(endpoint.id);
    expect(message!.attempts.map((attempt) => attempt.status)).toEqual([500, 200]);
    expect(message!.attempts[0]!.response).toContain("Internal Server Error");

    telegram.failNext(botToken, {
      status: 429,
      body: { ok: false, error_code: 429, description: "Too Many Requests: retry after 1", parameters: { retry_after: 1 } },
    });
    await ingest(link.token, { name: "Slow Down", email: uniqueEmail() });
    const requests = await telegram.waitFor(botToken, 4);
    // The schedule says 100 ms; the Bot API said 1 s, and that wins.
    expect(requests[3]!.at - requests[2]!.at).toBeGreaterThanOrEqual(950);
    const messages = await waitForDelivered(endpoint.id, 2);
    expect(messages[1]!.attempts.map((attempt) => attempt.status)).toEqual([429, 200]);
  });

  it("keep the bot token out of attempts, errors and the delivery log, even when an answer echoes it", async () => {
    const { workspace, link, botToken } = await setup();
    const endpoint = await createEndpoint(workspace.id, { kind: "telegram", botToken, chatId: "42" });
    // A proxy in front of the Bot API that repeats the path it could not reach.
    telegram.failNext(botToken, { status: 502, body: `Bad gateway: POST /bot${botToken}/sendMessage` });
    await ingest(link.token, { name: "Secret Keeper", email: uniqueEmail() });
    const [message] = await waitForDelivered(endpoint.id);
    expect(message!.attempts.map((attempt) => attempt.status)).toEqual([502, 200]);
    expect(message!.attempts[0]!.response).toBe("Bad gateway: POST /bot<bot token>/sendMessage");
    let stdout = "";
    await runCli(["webhook", "deliveries", "--workspace", workspace.slug, "--id", endpoint.id, "--json"], {
      stdout: (text) => void (stdout += text),
      stderr: () => {},
    });
    expect(JSON.parse(stdout)[0].attempts).toHaveLength(2);
    const attempts = await db.current.prisma.webhookAttempt.findMany({ where: { endpointId: endpoint.id } });
    const everything = JSON.stringify({ attempts, messages: await messagesOf(endpoint.id), stdout });
    expect(everything).not.toContain(botToken.split(":")[1]);

    // Saving the endpoint without its (masked) token keeps it: the next message still reaches the bot.
    const before = telegram.of(botToken).length;
    await updateEndpoint(workspace.id, endpoint.id, { kind: "telegram", chatId: "43", botToken: null });
    await ingest(link.token, { name: "Still Here", email: uniqueEmail() });
    const after = await telegram.waitFor(botToken, before + 1);
    expect(JSON.parse(after.at(-1)!.body).chat_id).toBe("43");
  });

  it("send the test event as a readable sample, marked as a test", async () => {
    const { workspace, botToken } = await setup();
    const endpoint = await createEndpoint(workspace.id, { kind: "telegram", botToken, chatId: "42" });
    await sendTestEvent(workspace.id, endpoint.id);
    const [request] = await telegram.waitFor(botToken, 1);
    const text = JSON.parse(request!.body).text as string;
    expect(text).toMatch(/^<b>Mensagem de teste do Leadlink: Ana Souza \(test\)<\/b>\n/);
    expect(text).toContain("Telefone: +55 11 98765-4321");
  });
});
