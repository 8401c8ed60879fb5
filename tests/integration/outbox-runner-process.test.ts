// The runner in its own process (lib/outbox/runner-process.ts, the default in a server): the composition root
// (lib/server/outbox.ts) gives the child its channels, and wires the one piece of channel news the server must
// hear, an endpoint the webhook channel disabled, through a generic notice of the IPC channel. The child opens
// the database from the environment: PostgreSQL only (an in-memory PGlite has no engine socket to attach to).
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import { startDispatcherProcess } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { type EndpointDisabledEvent, onEndpointDisabled } from "@/lib/webhooks/endpoint-disabled";
import { testDatabaseKind, useTestDatabase } from "../support/database";
import { postText, setupLink } from "../support/ingest-helpers";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
let receiver: Receiver;
const saved = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
  DATABASE_URL: process.env.DATABASE_URL,
};

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  resetEnv();
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnv();
});

it.skipIf(testDatabaseKind !== "postgres")(
  "delivers from a child process and tells the server of an endpoint it disabled",
  { timeout: 90_000 },
  async () => {
    const { workspace, token } = await setupLink(db.current);
    const live = await createEndpoint(workspace.id, { url: receiver.url("/live") });
    const gone = await createEndpoint(workspace.id, { url: receiver.url("/gone") });
    receiver.answer((request) => (request.path === "/gone" ? { status: 410 } : { status: 200 }));
    const heard: EndpointDisabledEvent[] = [];
    const stopListening = onEndpointDisabled((event) => void heard.push(event));
    // The child is forked with this environment: it opens the test's database.
    process.env.DATABASE_URL = (db.current.connection as { connectionString: string }).connectionString;
    const runner = startDispatcherProcess();
    try {
      const response = await postText(token, JSON.stringify({ email: "child@runner-process.example" }));
      expect(response.status).toBe(201);
      const [request] = await receiver.waitFor("/live", 1, 60_000);
      expect(request!.body).toContain("child@runner-process.example");
      await receiver.waitFor("/gone", 1, 30_000);
      const deadline = Date.now() + 30_000;
      while (heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual([{ workspaceId: workspace.id, endpointId: gone.id, reason: "gone" }]);
      const endpoint = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: gone.id } });
      expect([endpoint.enabled, endpoint.disabledReason]).toEqual([false, "gone"]);
      expect(heard.some((event) => event.endpointId === live.id)).toBe(false);
    } finally {
      stopListening();
      await runner.stop();
    }
  },
);
