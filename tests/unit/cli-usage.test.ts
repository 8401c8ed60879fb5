import { describe, expect, it } from "vitest";
import { run } from "../support/cli-run";

// Usage errors and help are decided by the argument parser before any command runs, so these need no database.
describe("runCli usage", () => {
  it("prints help on stdout with --help and exits 0", async () => {
    const result = await run("--help");
    expect(result.code).toBe(0);
    for (const command of ["migrate", "user", "workspace", "link", "field", "lead"]) expect(result.stdout).toContain(command);
  });

  it("documents a command's options and JSON output in its help", async () => {
    const result = await run("link", "create", "--help");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("--allowed-origin <origin>");
    expect(result.stdout).toContain("--json");
    expect(result.stdout).toContain('JSON: {"id", "token", "url", "name", "source"}');
  });

  it("fails with 1 and a message on stderr for a missing required option", async () => {
    const result = await run("user", "create", "--email", "a@b.co");
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("required option '--password <password>' not specified");
  });

  it.each([
    [["user", "create", "--json"], "required option '--email <email>' not specified"],
    [["nope", "--json"], "unknown command 'nope'"],
    [["lead", "list", "--workspace", "x", "--bogus", "--json"], "unknown option '--bogus'"],
    [["migrate", "extra", "--json"], "too many arguments"],
  ])("with --json, prints a usage error as one JSON value on stdout: %j", async (argv, message) => {
    const result = await run(...argv);
    expect(result.code).toBe(1);
    const body = JSON.parse(result.stdout);
    expect(body).toEqual({ error: { code: "usage_error", message: expect.stringContaining(message) } });
  });

  it("shows the command list and fails when a group is given no command", async () => {
    const result = await run("link");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("create");
    expect(result.stderr).toContain("revoke");
  });
});
