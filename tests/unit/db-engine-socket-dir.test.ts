import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { engineSocketDir } from "@/lib/db/embedded-engine";

describe("engineSocketDir", () => {
  it("puts the engine's socket in DATA_DIR, where psql -h DATA_DIR finds it", () => {
    expect(engineSocketDir("./data")).toBe(path.resolve("./data"));
  });

  it("moves it to a stable owner-only directory when DATA_DIR is too deep for a Unix socket path", () => {
    const deep = path.join(os.tmpdir(), "a".repeat(60), "b".repeat(60));
    const dir = engineSocketDir(deep);
    expect(dir).not.toBe(deep);
    expect(Buffer.byteLength(path.join(dir, ".s.PGSQL.5432"))).toBeLessThan(100);
    expect(engineSocketDir(deep)).toBe(dir);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(engineSocketDir(`${deep}-other`)).not.toBe(dir);
  });
});
