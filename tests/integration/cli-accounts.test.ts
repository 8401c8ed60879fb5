// New-user 11, command line: `user list`, `user set-password` (which signs the user out everywhere:
// security 3) and `workspace list`, each printing one JSON value with --json and the usual error JSON.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authenticate } from "@/lib/auth/auth-options";
import { readSession, startSession } from "@/lib/auth/sessions";
import { run, runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";

useTestDatabase();

const suffix = () => randomBytes(4).toString("hex");

describe("user list", () => {
  it("lists every user as id, email and name, by email", async () => {
    const b = (await runJson("user", "create", "--email", `b.${suffix()}@example.com`, "--password", "quiet-otter-41")).body;
    const a = (
      await runJson("user", "create", "--email", `a.${suffix()}@example.com`, "--password", "quiet-otter-41", "--name", "Ana")
    ).body;
    const { code, body } = await runJson("user", "list");
    expect(code).toBe(0);
    expect(Array.isArray(body)).toBe(true);
    for (const user of body) expect(Object.keys(user).sort()).toEqual(["email", "id", "name"]);
    const emails = body.map((user: { email: string }) => user.email);
    expect(emails).toEqual([...emails].sort());
    expect(body).toContainEqual(a);
    expect(body).toContainEqual({ ...b, name: null });

    const words = await run("user", "list");
    expect(words.code).toBe(0);
    expect(words.stdout).toContain(a.email);
  });
});

describe("user set-password", () => {
  it("sets the password, answers id, email and name, and ends every session of the user", async () => {
    const email = `Forgot.${suffix()}@Example.com`;
    const user = (await runJson("user", "create", "--email", email, "--password", "old password", "--name", "Flora")).body;
    const sessions = [await startSession(user.id), await startSession(user.id)];

    const { code, body } = await runJson("user", "set-password", "--email", email.toUpperCase(), "--password", "new password");
    expect(code).toBe(0);
    expect(body).toEqual({ id: user.id, email: email.toLowerCase(), name: "Flora" });
    expect(await authenticate({ email, password: "new password" })).toMatchObject({ id: user.id });
    expect(await authenticate({ email, password: "old password" })).toBeNull();
    for (const session of sessions) expect(await readSession(session)).toBeNull();

    const words = await run("user", "set-password", "--email", email, "--password", "newer password");
    expect(words.stdout).toContain("ended 0 sessions");
  });

  it("refuses an unknown email and a short password with the error JSON", async () => {
    const unknown = await runJson("user", "set-password", "--email", "nobody@example.com", "--password", "quiet-otter-41");
    expect(unknown.code).toBe(1);
    expect(unknown.body).toEqual({
      error: { code: "user_not_found", message: expect.any(String), errors: [expect.objectContaining({ field: "email" })] },
    });
    const short = await runJson("user", "set-password", "--email", "nobody@example.com", "--password", "short");
    expect(short.code).toBe(1);
    expect(short.body.error.code).toBe("validation_failed");
    expect(short.body.error.errors).toEqual([expect.objectContaining({ field: "password", code: "too_small" })]);
    const missing = await runJson("user", "set-password", "--email", "nobody@example.com");
    expect(missing.code).toBe(1);
    expect(missing.body.error.code).toBe("usage_error");
  });
});

describe("workspace list", () => {
  it("lists every workspace as id, slug and name, by slug", async () => {
    const slug = `zz-${suffix()}`;
    const created = (await runJson("workspace", "create", "--name", "Listed", "--slug", slug)).body;
    const { code, body } = await runJson("workspace", "list");
    expect(code).toBe(0);
    for (const workspace of body) expect(Object.keys(workspace).sort()).toEqual(["id", "name", "slug"]);
    const slugs = body.map((workspace: { slug: string }) => workspace.slug);
    expect(slugs).toEqual([...slugs].sort());
    expect(body).toContainEqual(created);
    expect((await run("workspace", "list")).stdout).toContain(slug);
  });
});
