import { type FakeTelegram, startFakeTelegram } from "../support/fake-telegram";
import { type FakeWhatsapp, startFakeWhatsapp } from "../support/fake-whatsapp";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server";
import { type Receiver, startReceiver } from "../support/webhook-receiver";
import { leadlinkCli } from "./support/cli";
import { expect, test } from "./support/fixtures";
import { freePort } from "./support/ports";
import { serversOnPostgres } from "./support/postgres";
import { type RunningServer, removeDataDir, startServer, stopAll, tempDataDir } from "./support/server";

// DESIGN.md sections 7 and 14, Durable and Dispatch, for every channel of the outbox at once: one workspace
// with an HTTP webhook endpoint, a Slack endpoint, a Telegram endpoint, a member on "instant" email and the
// same member opted in to WhatsApp. Each lead's message reaches every one of them
//   1. with every receiver down, across a `kill -9` of the server and a restart, once they are back up;
//   2. from two servers on one PostgreSQL, one of them killed mid-dispatch: the other delivers everything.
// At least once on the wire; HTTP webhooks dedupe by webhook-id (exactly N ids), the others by their queue
// row (exactly one per lead and recipient, delivered; checked in PostgreSQL).

const N = 20;
const BOT_TOKEN = "7411852963:AAE-noloss-bot-token";
const CHAT_ID = "-1001234567890";
const WHATSAPP = { token: "EAAG-noloss-token", phoneNumberId: "106540352242922", templates: ["new_lead"] };
const MEMBER = { email: "member@no-loss.example", password: "quiet-otter-41", whatsapp: "+5511987654321" };
const LEAD_PAGE = /\/leads\/([0-9a-f-]{36})/;

/** One message as a receiver saw it: the lead it is about and, for HTTP webhooks, its webhook-id. */
interface Seen {
  leadId: string;
  messageId?: string;
  at: number;
}

/** The five receivers, each started on its port (down until then) and read the same way. */
interface Receivers {
  webhook?: Receiver;
  slack?: Receiver;
  telegram?: FakeTelegram;
  whatsapp?: FakeWhatsapp;
  smtp?: SmtpTestServer;
}

interface Channel {
  name: string;
  /** What each lead's message looked like to its receiver so far. */
  seen(receivers: Receivers): Seen[];
  /** Messages deduplicated by webhook-id on the wire (the others by their queue row, in the database). */
  dedupedById: boolean;
  /** The channel's queue rows for the workspace, in PostgreSQL. */
  rowsSql?: string;
}

function leadInText(text: string): string {
  const match = LEAD_PAGE.exec(text);
  if (!match) throw new Error(`no lead page in ${text.slice(0, 300)}`);
  return match[1]!;
}

const CHANNELS: Channel[] = [
  {
    name: "HTTP webhook",
    dedupedById: true,
    seen: ({ webhook }) =>
      (webhook?.requests ?? []).map((request) => ({
        leadId: (JSON.parse(request.body) as { data: { lead: { id: string } } }).data.lead.id,
        messageId: String(request.headers["webhook-id"]),
        at: request.at,
      })),
  },
  {
    // Slack's incoming webhooks take no Standard Webhooks headers: no webhook-id to dedupe by.
    name: "Slack",
    dedupedById: false,
    rowsSql:
      "SELECT lead_id, state FROM webhook_messages m JOIN webhook_endpoints e ON e.id = m.endpoint_id WHERE e.kind = 'slack'",
    seen: ({ slack }) => (slack?.requests ?? []).map((request) => ({ leadId: leadInText(request.body), at: request.at })),
  },
  {
    name: "Telegram",
    dedupedById: false,
    rowsSql:
      "SELECT lead_id, state FROM webhook_messages m JOIN webhook_endpoints e ON e.id = m.endpoint_id WHERE e.kind = 'telegram'",
    seen: ({ telegram }) =>
      (telegram?.requests ?? []).map((request) => ({
        leadId: leadInText((JSON.parse(request.body) as { text: string }).text),
        at: request.at,
      })),
  },
  {
    name: "WhatsApp",
    dedupedById: false,
    rowsSql: "SELECT lead_id, state FROM whatsapp_messages",
    seen: ({ whatsapp }) => (whatsapp?.requests ?? []).map((request) => ({ leadId: leadInText(request.body), at: request.at })),
  },
  {
    name: "email",
    dedupedById: false,
    rowsSql: "SELECT lead_id, state FROM email_messages WHERE kind = 'new_lead'",
    seen: ({ smtp }) =>
      (smtp?.to(MEMBER.email) ?? []).map((mail) => ({ leadId: leadInText(mail.parsed.text ?? ""), at: mail.at })),
  },
];

/**
 * A crash of the whole machine: SIGKILL to the server and to its dispatcher processes at once (their pids from
 * their "running" log lines). Killed alone, the server's dispatcher child would notice the closed IPC channel
 * and drain, giving its claims back; killed with it, its claims stay until their lease ends.
 */
async function crash(server: RunningServer): Promise<void> {
  const dispatchers = server
    .stdout()
    .split("\n")
    .filter((line) => line.includes('"webhook dispatcher process running"'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
  expect(dispatchers.length, "the dispatcher's log line").toBeGreaterThan(0);
  for (const pid of dispatchers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone (a dispatcher the server had restarted).
    }
  }
  server.child.kill("SIGKILL");
  await server.exited;
}

interface Ports {
  webhook: number;
  slack: number;
  telegram: number;
  whatsapp: number;
}

async function choosePorts(): Promise<Ports> {
  return { webhook: await freePort(), slack: await freePort(), telegram: await freePort(), whatsapp: await freePort() };
}

/** The servers' settings: every channel on, pointed at the local receivers, retries every second. */
function serverEnv(ports: Ports, smtp: SmtpTestServer): Record<string, string> {
  return {
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
    // The dispatcher's "running" line, with its pid, is an info line.
    LOG_LEVEL: "info",
    WEBHOOK_RETRY_SCHEDULE: Array.from({ length: 120 }, () => "1s").join(","),
    TELEGRAM_API_URL: `http://127.0.0.1:${ports.telegram}`,
    WHATSAPP_TOKEN: WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
    WHATSAPP_API_URL: `http://127.0.0.1:${ports.whatsapp}/v21.0`,
    SMTP_URL: smtp.url(),
    MAIL_FROM: "Leadlink <leads@no-loss.example>",
  };
}

/** Starts every receiver that is not up yet, on the ports the servers were given. */
async function startReceivers(receivers: Receivers, ports: Ports, delayMs = 0): Promise<void> {
  receivers.webhook ??= await startReceiver({ port: ports.webhook, delayMs });
  receivers.slack ??= await startReceiver({ port: ports.slack, delayMs });
  receivers.telegram ??= await startFakeTelegram([BOT_TOKEN], { port: ports.telegram, delayMs });
  receivers.whatsapp ??= await startFakeWhatsapp({ ...WHATSAPP, port: ports.whatsapp, delayMs });
}

async function closeReceivers(receivers: Receivers): Promise<void> {
  await Promise.all([
    receivers.webhook?.close(),
    receivers.slack?.close(),
    receivers.telegram?.close(),
    receivers.whatsapp?.close(),
    receivers.smtp?.close(),
  ]);
}

/**
 * A Brazilian workspace owned by the member (instant email, WhatsApp), a capture link, and the three
 * endpoints, made with the command line. Returns the workspace's slug, the link's token and the endpoints' ids.
 */
async function configure(cli: <T>(args: string[]) => Promise<T>, ports: Ports) {
  const slug = `noloss-${Math.random().toString(36).slice(2, 8)}`;
  await cli(["user", "create", "--email", MEMBER.email, "--password", MEMBER.password, "--name", "Member"]);
  await cli(["workspace", "create", "--name", "No loss", "--slug", slug, "--country", "BR", "--owner", MEMBER.email]);
  const link = await cli<{ token: string }>(["link", "create", "--workspace", slug, "--name", "Landing"]);
  const endpoint = (...args: string[]) => cli<{ id: string }>(["webhook", "create", "--workspace", slug, ...args]);
  const webhook = await endpoint("--url", `http://127.0.0.1:${ports.webhook}/hook`);
  await endpoint("--kind", "slack", "--url", `http://127.0.0.1:${ports.slack}/services/T0/B0/x`);
  await endpoint("--kind", "telegram", "--bot-token", BOT_TOKEN, "--chat-id", CHAT_ID);
  await cli(["notify", "set", "--workspace", slug, "--email", MEMBER.email, "--mode", "instant", "--whatsapp", MEMBER.whatsapp]);
  return { slug, token: link.token, webhookId: webhook.id };
}

/** N leads, each with a name, an email and a phone (WhatsApp's template takes all three), all accepted. */
async function sendLeads(server: RunningServer, token: string): Promise<string[]> {
  return Promise.all(
    Array.from({ length: N }, async (_, index) => {
      const response = await fetch(`${server.url}/ingest/${token}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: `Lead ${index}`,
          email: `lead-${index}@no-loss.example`,
          telephone: `+55 11 98765-${String(1000 + index)}`,
        }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { leadId: string }).leadId;
    }),
  );
}

/** Waits until every channel has seen every accepted lead, then checks webhook-ids where the channel has them. */
async function expectAllDelivered(receivers: Receivers, accepted: string[]): Promise<void> {
  for (const channel of CHANNELS) {
    await expect
      .poll(() => new Set(channel.seen(receivers).map((seen) => seen.leadId)).size, {
        message: `${channel.name}: leads that arrived`,
        timeout: 90_000,
      })
      .toBe(N);
  }
  // Give a duplicate, if any, time to arrive before counting ids.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  for (const channel of CHANNELS) {
    const seen = channel.seen(receivers);
    expect(new Set(seen.map((entry) => entry.leadId)), channel.name).toEqual(new Set(accepted));
    if (!channel.dedupedById) continue;
    // One webhook-id per lead, the same on every attempt: a receiver that dedupes by it sees each lead once.
    const leadOf = new Map<string, string>();
    for (const entry of seen) {
      expect(leadOf.get(entry.messageId!) ?? entry.leadId, `${channel.name}: ${entry.messageId}`).toBe(entry.leadId);
      leadOf.set(entry.messageId!, entry.leadId);
    }
    expect(leadOf.size, `${channel.name}: distinct webhook-ids`).toBe(N);
  }
}

test.describe("embedded database", () => {
  let servers: RunningServer[] = [];
  let dataDirs: string[] = [];
  const receivers: Receivers = {};
  const allowBefore = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

  test.afterEach(async () => {
    await stopAll(servers);
    for (const dataDir of dataDirs) removeDataDir(dataDir);
    servers = [];
    dataDirs = [];
    await closeReceivers(receivers);
    for (const key of Object.keys(receivers)) delete receivers[key as keyof Receivers];
    if (allowBefore === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = allowBefore;
  });

  test("every channel: receivers down, N leads, kill -9, restart, receivers up: every message arrives", async () => {
    test.setTimeout(240_000);
    // The command line checks the webhook URLs when it saves them; the servers when they connect.
    process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
    const ports = await choosePorts();
    // The mail server is started for its port, then stopped: down, like the others.
    receivers.smtp = await startSmtpServer();
    await receivers.smtp.stop();
    const env = serverEnv(ports, receivers.smtp);
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    const first = await startServer({ dataDir, env });
    servers.push(first);
    const { slug, token, webhookId } = await configure((args) => leadlinkCli(dataDir, args), ports);
    const accepted = await sendLeads(first, token);
    expect(new Set(accepted).size).toBe(N);

    // Attempts against the closed ports have been made (and failed) before the crash.
    await expect
      .poll(
        async () =>
          (
            await leadlinkCli<{ attempts: unknown[] }[]>(dataDir, [
              "webhook",
              "deliveries",
              "--workspace",
              slug,
              "--id",
              webhookId,
            ])
          ).some((message) => message.attempts.length > 0),
        { timeout: 60_000 },
      )
      .toBe(true);
    await crash(first);

    const second = await startServer({ dataDir, env });
    servers.push(second);
    await startReceivers(receivers, ports);
    await receivers.smtp.start();
    await expectAllDelivered(receivers, accepted);
    expect(second.child.exitCode).toBeNull();
  });
});

test.describe("two servers on one PostgreSQL", () => {
  const instances = serversOnPostgres();
  const receivers: Receivers = {};
  const allowBefore = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

  test.afterEach(async () => {
    await closeReceivers(receivers);
    for (const key of Object.keys(receivers)) delete receivers[key as keyof Receivers];
    if (allowBefore === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = allowBefore;
  });

  test("every channel: kill -9 of one server mid-dispatch, the other delivers everything", async () => {
    test.setTimeout(240_000);
    process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
    const database = await instances.database();
    const ports = await choosePorts();
    // Slow receivers keep attempts in flight, so the kill lands mid-dispatch.
    const delayMs = 1_500;
    await startReceivers(receivers, ports, delayMs);
    receivers.smtp = await startSmtpServer({ delayMs });
    const env = { ...serverEnv(ports, receivers.smtp), DATABASE_URL: database.url };
    const [first, second] = await Promise.all([instances.start(env), instances.start(env)]);
    const { token } = await configure((args) => leadlinkCli(first!.dataDir, args, { databaseUrl: database.url }), ports);
    const accepted = await sendLeads(first!, token);

    // Every channel has a message in flight (sent, not yet answered) when the first server dies.
    for (const channel of CHANNELS) {
      await expect.poll(() => channel.seen(receivers).length, { message: channel.name, timeout: 60_000 }).toBeGreaterThan(0);
    }
    await crash(first!);
    const killedAt = Date.now();
    // Its claims are still leased 4 s on (the other server's last about as long as their 1.5 s answers; a run
    // measured 10 leased then): the kill landed mid-dispatch.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const leased = await database.query<{ count: string }>(
      `SELECT (SELECT count(*) FROM webhook_messages WHERE lease_expires_at > now())
        + (SELECT count(*) FROM email_messages WHERE lease_expires_at > now())
        + (SELECT count(*) FROM whatsapp_messages WHERE lease_expires_at > now()) AS count`,
    );
    expect(Number(leased[0]!.count), "messages the dead server had claimed").toBeGreaterThan(0);

    // The dead server's claims come back to the other after their 30 s lease.
    await expectAllDelivered(receivers, accepted);
    expect(second!.child.exitCode).toBeNull();
    for (const channel of CHANNELS) {
      // A lead sent twice on the wire was first sent before the kill: the dead server's attempt, not recorded.
      const first = new Map<string, number>();
      for (const entry of channel.seen(receivers).sort((a, b) => a.at - b.at)) {
        if (first.has(entry.leadId)) expect(first.get(entry.leadId)!, `${channel.name}: ${entry.leadId}`).toBeLessThan(killedAt);
        else first.set(entry.leadId, entry.at);
      }
      if (!channel.rowsSql) continue;
      // One queue row per lead and recipient, delivered: what the channel dedupes by.
      await expect
        .poll(
          async () =>
            (await database.query<{ state: string }>(channel.rowsSql!)).filter((row) => row.state === "delivered").length,
          { message: `${channel.name}: delivered rows`, timeout: 30_000 },
        )
        .toBe(N);
      const rows = await database.query<{ lead_id: string; state: string }>(channel.rowsSql);
      expect(rows.map((row) => row.lead_id).sort(), channel.name).toEqual([...accepted].sort());
    }
  });
});
