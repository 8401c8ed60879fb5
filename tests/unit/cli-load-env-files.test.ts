import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnvFiles } from "@/lib/cli/load-env-files";

const KEYS = ["LL_TEST_A", "LL_TEST_B", "LL_TEST_C", "LL_TEST_D"];
// Next.js types NODE_ENV as read-only; these tests set it to check the mode-specific files.
const processEnv = process.env as Record<string, string | undefined>;
const savedMode = processEnv.NODE_ENV;
const roots: string[] = [];

function project(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-env-"));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, name), text);
  return root;
}

afterEach(() => {
  for (const key of KEYS) delete process.env[key];
  if (savedMode === undefined) delete processEnv.NODE_ENV;
  else processEnv.NODE_ENV = savedMode;
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe("loadEnvFiles", () => {
  it("reads the files the production server reads, the more specific file winning, the environment over all", () => {
    const root = project({
      ".env": "LL_TEST_A=env\nLL_TEST_B=env\nLL_TEST_C=env\nLL_TEST_D=env\n",
      ".env.production": "LL_TEST_A=production\nLL_TEST_B=production\n",
      ".env.local": "LL_TEST_A=local\n",
    });
    delete processEnv.NODE_ENV;
    process.env.LL_TEST_D = "from the environment";
    loadEnvFiles(root);
    expect(process.env.LL_TEST_A).toBe("local");
    expect(process.env.LL_TEST_B).toBe("production");
    expect(process.env.LL_TEST_C).toBe("env");
    expect(process.env.LL_TEST_D).toBe("from the environment");
  });

  it("follows NODE_ENV, and skips .env.local in tests as Next.js does", () => {
    const root = project({
      ".env.local": "LL_TEST_A=local\n",
      ".env.test": "LL_TEST_A=test\nLL_TEST_B=test\n",
      ".env.production": "LL_TEST_B=production\n",
    });
    processEnv.NODE_ENV = "test";
    loadEnvFiles(root);
    expect(process.env.LL_TEST_A).toBe("test");
    expect(process.env.LL_TEST_B).toBe("test");
  });

  it("does nothing without .env files", () => {
    loadEnvFiles(project({}));
    expect(process.env.LL_TEST_A).toBeUndefined();
  });
});
