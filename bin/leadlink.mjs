#!/usr/bin/env node
// The `leadlink` command line (`npm run cli -- <command>`). Runs the TypeScript sources through tsx,
// so it works right after `npm install`, without a build. See lib/cli/run-bin.ts.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// prisma/migrations, .env files and the default ./data are found relative to the project, wherever the command is run from.
process.chdir(root);
register({ tsconfig: path.join(root, "tsconfig.json") });

const { runBin } = await import(pathToFileURL(path.join(root, "lib/cli/run-bin.ts")).href);
process.exitCode = await runBin(process.argv.slice(2), root);
