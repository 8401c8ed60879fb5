import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { Runner } from "./runner";
import { forgetOutboxRunner, useOutboxRunner } from "./wake";

/**
 * What the server and its runner process say to each other over the IPC channel. A notice is news of a
 * channel's that the server must hear (e.g. an endpoint the webhook channel disabled): the composition root
 * (lib/server/outbox.ts) decides what is sent and what it means; the runner knows neither.
 */
export type ToRunner = { type: "wake" } | { type: "stop" };
export type FromRunner = { type: "notice"; topic: string; payload: unknown };

export interface RunnerProcessOptions {
  /** The project's root (the entry script is found there). */
  root?: string;
  /** A notice from the child (see FromRunner). */
  onNotice?: (topic: string, payload: unknown) => void;
}

/** The child's entry: runs lib/server/outbox-process-main.ts through tsx, as bin/leadlink.mjs runs the CLI. */
const ENTRY = "scripts/webhook-dispatcher.mjs";
/** How long stop() waits for the child to drain (its own drain is 3 s) before it kills it; within server.mjs's 10 s. */
const STOP_TIMEOUT_MS = 7_000;
/** Restarts after an unasked exit wait 1 s, 2 s, 4 s … up to this; a child that ran a minute starts the count again. */
const MAX_BACKOFF_MS = 30_000;
const STABLE_MS = 60_000;

// Reached at run time, not imported: Turbopack reads a fork() of an import as a module to bundle, and the
// entry is a script run as it is (with the sources, through tsx), not part of the build.
const { fork } = process.getBuiltinModule("node:child_process");

/**
 * Runs the outbox runner (runner.ts, with the channels the child's composition root gives it) in a child
 * process of its own, so that its claims, reads, attempts and records do not queue behind requests on the
 * server's one JS thread (docs/benchmarks-log.md, "Dispatcher (branch dispatch)"). The returned handle is
 * what wakeOutbox() wakes: each wake is an IPC message, at most one per turn of the event loop. The child opens the database from the same environment
 * (in embedded mode, through this server's engine socket), stops when told or when this process dies (its IPC
 * channel closes, even on kill -9), and is restarted with a back-off when it dies unasked.
 */
export function startRunnerProcess({ root = process.cwd(), onNotice }: RunnerProcessOptions = {}): Runner {
  const entry = path.join(root, ENTRY);
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: the webhook dispatcher cannot start`);
  let child: ChildProcess | undefined;
  let stopping = false;
  let failures = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let wakeQueued = false;

  function send(message: ToRunner): void {
    if (child?.connected) child.send(message, (error) => error && log.debug({ err: error.message }, "dispatcher IPC failed"));
  }

  function spawn(): void {
    const startedAt = Date.now();
    const current = fork(entry, [], {
      cwd: root,
      // An --inspect of the server's would collide on its port; memory flags and the like are kept.
      execArgv: process.execArgv.filter((arg) => !arg.startsWith("--inspect")),
      serialization: "json",
    });
    child = current;
    // Background work: requests (and PostgreSQL) win the CPU when both want it; deliveries take what is left,
    // which at full ingest load is still enough to keep up (docs/benchmarks-log.md, branch hooks).
    const nice = env().WEBHOOK_DISPATCHER_NICE;
    if (nice > 0 && current.pid !== undefined) {
      try {
        os.setPriority(current.pid, nice);
      } catch (error) {
        log.warn({ err: error instanceof Error ? error.message : String(error) }, "could not lower the dispatcher's priority");
      }
    }
    current.on("message", (message: FromRunner) => {
      if (message?.type !== "notice") return;
      try {
        onNotice?.(message.topic, message.payload);
      } catch (error) {
        log.error({ err: error instanceof Error ? error.message : String(error), topic: message.topic }, "runner notice failed");
      }
    });
    current.on("error", (error) => log.error({ err: error.message }, "webhook dispatcher process failed"));
    current.once("exit", (code, signal) => {
      if (child === current) child = undefined;
      if (stopping) return;
      failures = Date.now() - startedAt >= STABLE_MS ? 1 : failures + 1;
      const delay = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** (failures - 1));
      log.warn({ code, signal, restartInMs: delay }, "webhook dispatcher process exited unasked; restarting it");
      restartTimer = setTimeout(spawn, delay);
      restartTimer.unref();
    });
  }

  spawn();
  const runner: Runner = {
    get owner() {
      return `process:${child?.pid ?? "none"}`;
    },
    wake() {
      // Ingest wakes once per lead: one message per turn of the event loop carries all of that turn's wakes.
      if (wakeQueued) return;
      wakeQueued = true;
      setImmediate(() => {
        wakeQueued = false;
        send({ type: "wake" });
      });
    },
    async stop() {
      forgetOutboxRunner(runner);
      stopping = true;
      clearTimeout(restartTimer);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once("exit", () => resolve()));
      send({ type: "stop" });
      const timer = setTimeout(() => {
        log.warn({ pid: current.pid }, "webhook dispatcher process did not stop in time; killing it");
        current.kill("SIGKILL");
      }, STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
  useOutboxRunner(runner);
  return runner;
}
