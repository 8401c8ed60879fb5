#!/usr/bin/env node
// Makes sure the Prisma client and the production build in .next match the sources.
//
// `next build` takes minutes on a small machine, so `npm start` and the Playwright suite rebuild only
// when something the build depends on has changed: a hash of those sources is written into .next after
// every successful build and compared with the sources' hash at the next start.
//
//   node scripts/build-if-stale.mjs            build when the sources changed since the last build
//   node scripts/build-if-stale.mjs --force    build regardless (`npm run build`)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Everything `next build` reads from the project, relative to the root. Missing entries are skipped. */
export const BUILD_INPUTS = [
  "app",
  "components",
  "lib",
  // The request config and the client's catalogue (i18n/), and the catalogues themselves (lib/i18n imports them).
  "i18n",
  "messages",
  "prisma/schema.prisma",
  "instrumentation.ts",
  "proxy.ts",
  "middleware.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];

// Generated from prisma/schema.prisma, which is hashed itself.
const IGNORED = new Set(["lib/db/generated"]);

const STAMP_FILE = "leadlink-build-stamp.json";
const GENERATED_CLIENT = "lib/db/generated/client.ts";

function listFiles(root, relative, into) {
  if (IGNORED.has(relative)) return;
  const absolute = path.join(root, relative);
  let stat;
  try {
    stat = fs.statSync(absolute);
  } catch (error) {
    if (error.code === "ENOENT") return;
    throw error;
  }
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(absolute).sort()) listFiles(root, path.posix.join(relative, entry), into);
  } else if (stat.isFile()) {
    into.push(relative);
  }
}

/** A hash of the build's inputs: file paths and contents, so a rename counts as a change. */
export function sourceHash(root = ROOT) {
  const files = [];
  for (const input of BUILD_INPUTS) listFiles(root, input, files);
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(file).update("\0");
    hash
      .update(
        createHash("sha256")
          .update(fs.readFileSync(path.join(root, file)))
          .digest(),
      )
      .update("\0");
  }
  return hash.digest("hex");
}

function stampPath(root) {
  return path.join(root, ".next", STAMP_FILE);
}

function readStamp(root) {
  try {
    return JSON.parse(fs.readFileSync(stampPath(root), "utf8"));
  } catch {
    return undefined;
  }
}

/** Whether .next holds a complete build of the current sources, and if not, why. */
export function buildStatus(root = ROOT) {
  const hash = sourceHash(root);
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) return { current: false, hash, reason: "no production build yet" };
  const stamp = readStamp(root);
  if (!stamp) return { current: false, hash, reason: "the build in .next was not made by this script" };
  if (stamp.hash !== hash) return { current: false, hash, reason: "the sources changed since the last build" };
  return { current: true, hash, reason: "the build is current" };
}

function run(root, args, env = {}) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Generates the Prisma client into lib/db/generated (postinstall normally has). */
export function generatePrismaClient(root = ROOT) {
  if (run(root, [path.join(root, "scripts/generate-prisma-client.mjs")]) !== 0) {
    throw new Error("Generating the Prisma client failed (see the output above).");
  }
}

/** Runs `next build` and records the sources it was made from. */
export function build(root = ROOT, log = console.log) {
  // The schema may have changed since `npm install` generated the client, and the build compiles against it.
  generatePrismaClient(root);
  fs.rmSync(stampPath(root), { force: true });
  log("Building Leadlink for production (next build)...");
  // NODE_ENV must be production for `next build`; a caller's NODE_ENV=test would make a broken build.
  if (run(root, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { NODE_ENV: "production" }) !== 0) {
    throw new Error("The production build failed (see the output above).");
  }
  // Hashed after the build: `next build` may itself rewrite tsconfig.json.
  const hash = sourceHash(root);
  fs.writeFileSync(stampPath(root), `${JSON.stringify({ hash, builtAt: new Date().toISOString() }, null, 2)}\n`);
}

/**
 * Builds when .next does not hold a build of the current sources; generates the Prisma client when it is missing.
 * Returns whether a build ran.
 */
export function buildIfStale({ root = ROOT, force = false, log = console.log } = {}) {
  const status = buildStatus(root);
  if (!force && status.current) {
    if (!fs.existsSync(path.join(root, GENERATED_CLIENT))) generatePrismaClient(root);
    return false;
  }
  if (!force) log(`Leadlink needs a new production build: ${status.reason}.`);
  build(root, log);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const built = buildIfStale({ force: process.argv.includes("--force") });
    if (!built) console.log("The production build in .next is current.");
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
