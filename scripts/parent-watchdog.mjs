// A last resort for a child process that must not outlive the process that started it (the webhook
// dispatcher, scripts/webhook-dispatcher.mjs). The child's own code stops when its IPC channel closes, but
// only if its JS thread is free to hear it: one seen stuck (its main thread blocked in a futex while tsx's
// loader thread was loading modules) stayed alive for minutes after its server's kill -9, deaf to the
// channel closing and to SIGTERM. This watchdog runs on a worker thread of its own, which a blocked main
// thread does not stop: once the parent is gone (the process was re-parented), it waits `graceMs` for the
// child's orderly stop and then kills the process with SIGKILL.
import { Worker } from "node:worker_threads";

const WATCH = `
const { workerData } = require("node:worker_threads");
let goneAt;
setInterval(() => {
  if (process.ppid === workerData.parentPid) return;
  goneAt ??= Date.now();
  if (Date.now() - goneAt >= workerData.graceMs) process.kill(workerData.pid, "SIGKILL");
}, workerData.intervalMs);
`;

/**
 * Starts the watchdog: call it first, before any module loader is registered (a worker started later would
 * load through the same hooks). It keeps nothing alive: the process exits as it would without it.
 * @param {{ graceMs: number, intervalMs?: number }} options
 */
export function watchParent({ graceMs, intervalMs = 1_000 }) {
  const worker = new Worker(WATCH, {
    eval: true,
    workerData: { parentPid: process.ppid, pid: process.pid, graceMs, intervalMs },
    // A few MB at most: it holds a timer and nothing else.
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 },
    stdout: false,
    stderr: false,
  });
  worker.unref();
  return worker;
}
