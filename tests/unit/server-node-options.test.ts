import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_OPTIONS, serverNodeOptions } from "../../scripts/node-options.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The largest young generation a node process reaches under a stream of short-lived objects, in MB. */
function youngGenerationMb(nodeOptions: string): number {
  const script = `const v8 = require("node:v8"); let kept = [];
    for (let i = 0; i < 3e6; i++) { kept.push({ i }); if (kept.length > 200000) kept = []; }
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
    process.stdout.write(String(space.space_size / 1048576));`;
  const result = spawnSync(process.execPath, ["-e", script], { env: { ...process.env, NODE_OPTIONS: nodeOptions } });
  expect(result.status, String(result.stderr)).toBe(0);
  return Number(String(result.stdout));
}

describe("the server's Node options", () => {
  it("are what `npm start` puts in front of NODE_OPTIONS", () => {
    const start = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start as string;
    expect(start).toBe(`NODE_OPTIONS="${SERVER_NODE_OPTIONS} $NODE_OPTIONS" node scripts/start.mjs`);
  });

  it("cap the young generation, and an option the caller gives wins", () => {
    expect(serverNodeOptions()).toBe(SERVER_NODE_OPTIONS);
    // Two semi-spaces of 8 MB, against V8's 2 × 16 MB; a caller's 64 comes after and wins.
    expect(youngGenerationMb(serverNodeOptions())).toBeLessThanOrEqual(16);
    expect(youngGenerationMb(serverNodeOptions("--max-semi-space-size=64"))).toBeGreaterThan(16);
  });
});
