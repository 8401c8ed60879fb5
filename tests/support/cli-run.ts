import { runCli } from "@/lib/cli/run-cli";

/** Runs one CLI command in this process (on the test's database) and collects what it writes. */
export async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

/** Runs a command with --json: it must print exactly one JSON value on stdout. */
export async function runJson(...argv: string[]) {
  const result = await run(...argv, "--json");
  return { ...result, body: JSON.parse(result.stdout) };
}
