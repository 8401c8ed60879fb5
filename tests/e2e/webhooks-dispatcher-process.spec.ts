import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { leadlinkCli } from "./support/cli";
import { expect, test } from "./support/fixtures";
import { type RunningServer, removeDataDir, startServer, stopAll, tempDataDir } from "./support/server";

// Issue 11: the server runs the webhook dispatcher in a child process of its own (lib/outbox/runner-process.ts).
// It delivers, the server starts another when it dies, and `kill -9` of the server leaves no orphan behind.

let servers: RunningServer[] = [];
let dataDirs: string[] = [];
let receiver: http.Server | undefined;
const allowBefore = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

test.afterEach(async () => {
  await stopAll(servers);
  for (const dataDir of dataDirs) removeDataDir(dataDir);
  servers = [];
  dataDirs = [];
  receiver?.closeAllConnections();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  receiver = undefined;
  if (allowBefore === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = allowBefore;
});

interface DispatcherLine {
  pid: number;
  serverPid: number;
}

/** The pids of every dispatcher process the server has started so far, from their "running" log lines. */
function dispatcherProcesses(server: RunningServer): DispatcherLine[] {
  return server
    .stdout()
    .split("\n")
    .filter((line) => line.includes('"webhook dispatcher process running"'))
    .map((line) => JSON.parse(line) as DispatcherLine);
}

/** A process that exited but was not reaped yet (a zombie) is gone as far as this test is concerned. */
function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** The nice values of every thread of a process (field 19 of /proc/<pid>/task/<tid>/stat). */
function niceValues(pid: number): number[] {
  const values = new Set<number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    values.add(Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]));
  }
  return [...values];
}

test("the dispatcher runs in its own process, is restarted when it dies, and dies with the server", async () => {
  test.setTimeout(180_000);
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  const received: string[] = [];
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type: string; data: { lead: { email: string } } };
      if (body.type === "lead.created") received.push(body.data.lead.email);
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;

  const dataDir = tempDataDir();
  dataDirs.push(dataDir);
  const server = await startServer({ dataDir, env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1", LOG_LEVEL: "info" } });
  servers.push(server);
  const serverPid = server.child.pid!;
  await expect.poll(() => dispatcherProcesses(server).length).toBe(1);
  const [first] = dispatcherProcesses(server);
  expect(first!.pid).not.toBe(serverPid);
  expect(first!.serverPid).toBe(serverPid);
  expect(isRunning(first!.pid)).toBe(true);
  // Background work: the child runs at WEBHOOK_DISPATCHER_NICE (5 by default), every thread of it.
  expect(niceValues(first!.pid)).toEqual([5]);

  const slug = `proc-${Math.random().toString(36).slice(2, 8)}`;
  await leadlinkCli(dataDir, ["workspace", "create", "--name", "Proc", "--slug", slug]);
  const link = await leadlinkCli<{ token: string }>(dataDir, ["link", "create", "--workspace", slug, "--name", "Form"]);
  await leadlinkCli(dataDir, ["webhook", "create", "--workspace", slug, "--url", `http://127.0.0.1:${port}/hook`]);
  const ingest = async (email: string) => {
    const response = await fetch(`${server.url}/ingest/${link.token}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Proc Lead", email }),
    });
    expect(response.status).toBe(201);
  };
  await ingest("first@dispatcher-process.example");
  await expect.poll(() => received).toContain("first@dispatcher-process.example");

  // The dispatcher dies unasked: the server starts another (after a 1 s back-off), which delivers.
  process.kill(first!.pid, "SIGKILL");
  await expect.poll(() => dispatcherProcesses(server).length).toBe(2);
  const second = dispatcherProcesses(server)[1]!;
  expect(second.pid).not.toBe(first!.pid);
  expect(second.serverPid).toBe(serverPid);
  expect(niceValues(second.pid)).toEqual([5]);
  await ingest("second@dispatcher-process.example");
  await expect.poll(() => received, { timeout: 45_000 }).toContain("second@dispatcher-process.example");

  // kill -9 of the server: its dispatcher hears the IPC channel close, stops and exits.
  server.child.kill("SIGKILL");
  await server.exited;
  await expect.poll(() => isRunning(second.pid), { timeout: 20_000 }).toBe(false);
});
