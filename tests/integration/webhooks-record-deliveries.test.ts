// The dispatcher records successful attempts in batches (lib/channels/webhook/record-deliveries.ts): one statement
// for many messages must keep what one transaction per attempt guaranteed: each attempt logged, a message
// delivered only while its claimant still holds the lease, a message erased meanwhile no obstacle to the rest.
import { afterAll, beforeAll, expect, it } from "vitest";
import { claimMessages } from "@/lib/channels/webhook/claim-messages";
import { recordDeliveries } from "@/lib/channels/webhook/record-deliveries";
import { resetEnv } from "@/lib/env";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { useTestDatabase } from "../support/database";
import { setupLink } from "../support/ingest-helpers";

const db = useTestDatabase();
const allowBefore = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

beforeAll(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  resetEnv();
});

afterAll(() => {
  if (allowBefore === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = allowBefore;
  resetEnv();
});

const result = { status: 200, durationMs: 7, response: 'ok "quoted" \\ {braces}, and more', error: null };

it("records a batch of deliveries in one statement, each under its own lease", async () => {
  const { workspace } = await setupLink(db.current);
  const endpoint = await createEndpoint(workspace.id, { url: "http://127.0.0.1:9/batch" });
  const messages = await Promise.all(
    Array.from({ length: 5 }, () =>
      db.current.prisma.webhookMessage.create({
        data: { endpointId: endpoint.id, workspaceId: workspace.id, eventType: "lead.created" },
      }),
    ),
  );
  const claimed = await claimMessages(db.current, "owner-a", 10, 30_000);
  expect(claimed.map((message) => message.id).sort()).toEqual(messages.map((message) => message.id).sort());
  const [taken, erased, ...mine] = messages;
  // One lease expired and was taken over by another instance; one message was erased with its lead.
  await db.current.prisma.webhookMessage.update({ where: { id: taken!.id }, data: { leaseOwner: "owner-b" } });
  await db.current.prisma.webhookMessage.delete({ where: { id: erased!.id } });

  await recordDeliveries(
    db.current,
    messages.map((message, index) => ({ id: message.id, endpointId: endpoint.id, body: `{"n":${index}}`, result })),
    "owner-a",
  );

  const after = await db.current.prisma.webhookMessage.findMany({
    where: { endpointId: endpoint.id },
    include: { attempts: true },
  });
  const byId = new Map(after.map((message) => [message.id, message]));
  expect(byId.has(erased!.id)).toBe(false);
  for (const message of mine) {
    const row = byId.get(message.id)!;
    expect(row).toMatchObject({ state: "delivered", attemptCount: 1, leaseOwner: null, leaseExpiresAt: null });
    expect(row.deliveredAt).not.toBeNull();
    expect(row.body).toBe(`{"n":${messages.indexOf(message)}}`);
    expect(row.attempts).toHaveLength(1);
    expect(row.attempts[0]).toMatchObject({
      status: 200,
      succeeded: true,
      durationMs: 7,
      response: result.response,
      error: null,
    });
  }
  // The attempt was made, so it is logged; the message belongs to its new claimant, who decides its state.
  expect(byId.get(taken!.id)).toMatchObject({ state: "pending", attemptCount: 0, leaseOwner: "owner-b" });
  expect(byId.get(taken!.id)!.attempts).toHaveLength(1);
  const stamped = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
  expect(stamped.lastSuccessAt).not.toBeNull();
});
