// Issue 24, security 5: a custom header HTTP cannot carry (`5€`, a control character) is refused when saved,
// from the API, the CLI and the admin form alike; one stored before the check (or any other reason a request
// cannot be made, such as a URL that no longer parses) is a failed attempt with its error, and the message
// moves on along the retry schedule instead of staying pending with no attempt.
// Before any app module: Next's modules look for AsyncLocalStorage on globalThis when they load.
import "../support/next-request-globals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEndpointAction } from "@/app/(admin)/w/[slug]/webhooks/actions";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { resetEnv } from "@/lib/env";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { api } from "../support/api-client";
import { runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";
import { expectProblem, postText, setupLink, uniqueEmail } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { newTenant } from "../support/tenants";
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
  // One quick retry, then failed.
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

const BAD_VALUES = ["5€", "a\u0001b", "a\u007fb", "a\nb", "café", "x".repeat(4097)];

describe("saving a custom header", () => {
  it("API: 422 validation_failed naming the header, for values HTTP cannot carry and names Leadlink sets", async () => {
    const { workspace } = await newTenant("Headers");
    const { token } = await createApiKey(workspace.id, { name: "w", scope: "write" });
    const create = (headers: unknown) =>
      api("/api/v1/webhooks", { key: token, method: "POST", body: { url: "https://hooks.example.com/in", headers } });

    for (const value of BAD_VALUES) {
      const answer = await create([{ name: "X-Token", value }]);
      expect(answer.status, JSON.stringify(value)).toBe(422);
      const problem = await expectProblem(answer, 422, "validation_failed");
      expect(
        problem.errors.map((issue: { field: string }) => issue.field),
        JSON.stringify(value),
      ).toEqual(["headers.0.value"]);
    }
    const problem = await expectProblem(await create([{ name: "X-Token", value: "5€" }]), 422, "validation_failed");
    expect(problem.errors[0].code).toBe("invalid_header_value");

    for (const name of ["User-Agent", "content-type", "Host", "Content-Length", "webhook-signature", "Webhook-Id"]) {
      const refused = await expectProblem(await create([{ name, value: "x" }]), 422, "validation_failed");
      expect(refused.errors, name).toEqual([expect.objectContaining({ field: "headers.0.name", code: "reserved_header" })]);
    }
    for (const name of ["X Token", "X-Tökén", "X:Token", "X\u0000Token"]) {
      const refused = await expectProblem(await create([{ name, value: "x" }]), 422, "validation_failed");
      expect(refused.errors[0], JSON.stringify(name)).toMatchObject({ field: "headers.0.name", code: "invalid_header_name" });
    }
    expect(await db.current.prisma.webhookEndpoint.count({ where: { workspaceId: workspace.id } })).toBe(0);

    // What HTTP carries is kept as typed (surrounding spaces trimmed): printable ASCII, inner spaces and tabs.
    const accepted = await create([{ name: "Authorization", value: "  Bearer a.b~c!\t$%&'()*+,/:;<=>?@[\\]^_`{|}  " }]);
    expect(accepted.status).toBe(201);
    const row = await db.current.prisma.webhookEndpoint.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect(row.headers).toEqual([{ name: "Authorization", value: "Bearer a.b~c!\t$%&'()*+,/:;<=>?@[\\]^_`{|}" }]);
  });

  it("CLI: webhook create --header with such a value fails with validation_failed and saves nothing", async () => {
    const { workspace } = await newTenant("HeadersCli");
    for (const header of ["X-Token: 5€", "X-Token: a\u0007b", "User-Agent: me"]) {
      const result = await runJson(
        "webhook",
        "create",
        "--workspace",
        workspace.slug,
        "--url",
        "https://hooks.example.com/in",
        "--header",
        header,
      );
      expect(result.code, header).toBe(1);
      expect(result.body.error.code).toBe("validation_failed");
    }
    expect(await db.current.prisma.webhookEndpoint.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });

  it("admin form: the header error in the user's language, English or Portuguese", async () => {
    const { workspace, owner } = await newTenant("HeadersForm");
    const form = new FormData();
    form.set("url", "https://hooks.example.com/in");
    form.append("headerName", "X-Token");
    form.append("headerValue", "5€");
    const english = await callAction(owner, () => createEndpointAction(workspace.slug, {}, form), {
      acceptLanguage: "en",
    });
    expect(english).toMatchObject({ ok: false, code: "validation_failed" });
    expect(english.fieldErrors?.["headers.0.value"]).toMatch(/header value may only hold unaccented letters/);

    const portuguese = await callAction(owner, () => createEndpointAction(workspace.slug, {}, form), {
      acceptLanguage: "pt-BR,pt;q=0.9",
    });
    expect(portuguese.fieldErrors?.["headers.0.value"]).toMatch(/valor de um cabeçalho só pode ter letras sem acento/);

    form.set("headerName", "Content-Type");
    form.set("headerValue", "text/plain");
    const reserved = await callAction(owner, () => createEndpointAction(workspace.slug, {}, form), { acceptLanguage: "en" });
    expect(reserved.fieldErrors?.["headers.0.name"]).toMatch(/set by Leadlink itself/);
    expect(await db.current.prisma.webhookEndpoint.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });
});

describe("a request that cannot be made", () => {
  async function waitForFailed(endpointId: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [message] = await db.current.prisma.webhookMessage.findMany({
        where: { endpointId },
        include: { attempts: { orderBy: { at: "asc" } } },
      });
      if (message?.state === "failed") return message;
      if (Date.now() > deadline) throw new Error(`message: ${JSON.stringify(message)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("a header value stored before the check is a failed attempt with its error, retried, then failed", async () => {
    const { workspace, token } = await setupLink(db.current);
    const endpoint = await createEndpoint(workspace.id, { url: receiver.url("/stored-bad-header") });
    // A row saved before values were checked.
    await db.current.prisma.$executeRaw`UPDATE webhook_endpoints SET headers = ${JSON.stringify([
      { name: "X-Token", value: "5€" },
    ])}::jsonb WHERE id = ${endpoint.id}::uuid`;
    const response = await postText(token, JSON.stringify({ email: uniqueEmail(), name: "Ana" }));
    expect(response.status).toBe(201);

    const message = await waitForFailed(endpoint.id);
    expect(message.attemptCount).toBe(2);
    expect(message.attempts).toHaveLength(2);
    for (const attempt of message.attempts) {
      expect(attempt).toMatchObject({ succeeded: false, status: null });
      expect(attempt.error).toMatch(/could not be made.*X-Token/i);
    }
    // The body was built and kept, as for any first attempt.
    expect(JSON.parse(message.body!).type).toBe("lead.created");
    expect(receiver.to("/stored-bad-header")).toHaveLength(0);
  });

  it("so is a URL that no longer parses", async () => {
    const { workspace, token } = await setupLink(db.current);
    const endpoint = await createEndpoint(workspace.id, { url: receiver.url("/stored-bad-url") });
    await db.current.prisma.$executeRaw`UPDATE webhook_endpoints SET url = 'http://[not-a-host' WHERE id = ${endpoint.id}::uuid`;
    expect((await postText(token, JSON.stringify({ email: uniqueEmail(), name: "Bia" }))).status).toBe(201);

    const message = await waitForFailed(endpoint.id);
    expect(message.attempts).toHaveLength(2);
    expect(message.attempts[0]!.error).toMatch(/could not be made.*Invalid URL/i);
  });
});
