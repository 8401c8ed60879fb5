#!/usr/bin/env node
// The webhook and email dispatcher's own process, forked by the server (lib/outbox/runner-process.ts);
// not meant to be run by hand. Runs the TypeScript sources through tsx, as bin/leadlink.mjs does.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";
import { watchParent } from "./parent-watchdog.mjs";

// Before tsx's loader is registered: a server gone for 20 s (its orderly stop is bounded at 15 s in
// lib/outbox/runner-process-main.ts) takes this process with it even if its JS thread is stuck.
watchParent({ graceMs: 20_000 });

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);
register({ tsconfig: path.join(root, "tsconfig.json") });

const { runDispatcherProcess } = await import(pathToFileURL(path.join(root, "lib/server/outbox-process-main.ts")).href);
try {
  await runDispatcherProcess();
} catch (error) {
  process.stderr.write(`Leadlink webhook dispatcher could not start: ${error?.stack ?? error}\n`);
  process.exit(1);
}
