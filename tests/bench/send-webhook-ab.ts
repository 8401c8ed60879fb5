/**
 * Not part of `npm run bench`: the CPU one webhook attempt costs this process (the dispatcher's thread), for
 * two implementations of lib/channels/webhook/send-webhook.ts alternated in one run against the bench's
 * receiver (a process of its own answering 200): e.g. the file as it is and as it was at another commit.
 *
 *   git show REV:lib/channels/webhook/send-webhook.ts > lib/channels/webhook/.send-webhook-before.tmp.ts
 *   npx tsx tests/bench/send-webhook-ab.ts lib/channels/webhook/.send-webhook-before.tmp.ts [rounds = 3] [attempts = 4000] [in flight = 32]
 *
 * The copy sits in the tree so that its `@/` imports resolve as the current file's do; delete it afterwards.
 *
 * Prints per window: variant, attempts, CPU µs per attempt (user + system of this process), load average.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../e2e/support/server";

const [other, roundsArg = "3", attemptsArg = "4000", inFlightArg = "32"] = process.argv.slice(2);
if (!other) throw new Error("usage: send-webhook-ab.ts OTHER_SEND_WEBHOOK.ts [rounds] [attempts] [in flight]");
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
process.env.LOG_LEVEL = "warn";

type Send = typeof import("@/lib/channels/webhook/send-webhook").sendWebhook;
const variants: { name: string; send: Send }[] = [
  { name: "other", send: (await import(path.resolve(other))).sendWebhook },
  { name: "current", send: (await import("@/lib/channels/webhook/send-webhook")).sendWebhook },
];
const receiver = fork(path.join(ROOT, "tests/bench/webhook-receiver-process.mjs"), [], { execArgv: [] });
const port = await new Promise<number>((resolve) => receiver.once("message", (m: { port: number }) => resolve(m.port)));
const url = `http://127.0.0.1:${port}/hook`;
const body = JSON.stringify({ type: "lead.created", timestamp: new Date().toISOString(), data: { lead: { name: "Ana" } } });
const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const load = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0];

async function window(send: Send, attempts: number, inFlight: number): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < attempts) {
      next += 1;
      const result = await send({ url, messageId: `msg_${next}`, body, secrets: [secret], headers: [] });
      if (result.status !== 200) throw new Error(`attempt failed: ${result.status} ${result.error}`);
    }
  };
  const before = process.cpuUsage();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / attempts;
}

const attempts = Number(attemptsArg);
const inFlight = Number(inFlightArg);
for (const variant of variants) await window(variant.send, 1_000, inFlight); // warm-up: JIT, connections
for (let round = 1; round <= Number(roundsArg); round++) {
  for (const variant of variants) {
    const startLoad = load();
    const perAttempt = await window(variant.send, attempts, inFlight);
    console.log(
      JSON.stringify({ round, variant: variant.name, attempts, cpuUsPerAttempt: Math.round(perAttempt), load: startLoad }),
    );
  }
}
receiver.disconnect();
process.exit(0);
