#!/usr/bin/env node
// `npm run seed -- --leads N [--workspace SLUG] [--json]`: see lib/cli/run-seed.ts.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);
register({ tsconfig: path.join(root, "tsconfig.json") });

const { runSeed } = await import(pathToFileURL(path.join(root, "lib/cli/run-seed.ts")).href);
process.exitCode = await runSeed(process.argv.slice(2), root, {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
});
