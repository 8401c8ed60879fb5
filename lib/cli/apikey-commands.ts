import type { Command } from "commander";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { CLI_ACTOR } from "@/lib/audit/record";
import { findWorkspace } from "@/lib/workspaces/find-workspace";
import { action, type CliContext, leafCommand } from "./cli-command";

export function registerApiKeyCommands(program: Command, context: CliContext): void {
  const apikey = program.command("apikey").description("management API keys of a workspace (DESIGN.md section 8)");

  leafCommand(apikey, "create", "create an API key (its token is printed once)")
    .requiredOption("--workspace <slug>", "the workspace")
    .requiredOption("--name <name>", "what the key is for, e.g. Zapier")
    .option("--scope <scope>", "read (default) or write")
    .addHelpText("after", '\nJSON: {"id", "name", "scope", "token"}')
    .action(
      action(context, async (options: { workspace: string; name: string; scope?: string }) => {
        const workspace = await findWorkspace(options.workspace);
        const input = { name: options.name, scope: options.scope as "read" | "write" | undefined };
        const key = await createApiKey(workspace.id, input, { actor: CLI_ACTOR });
        return {
          json: { id: key.id, name: key.name, scope: key.scope, token: key.token },
          text: `Created ${key.scope} key "${key.name}" (${key.id}). Its token, shown only now:\n${key.token}`,
        };
      }),
    );

  leafCommand(apikey, "revoke", "revoke an API key: its requests are refused (401) from now on")
    .requiredOption("--workspace <slug>", "the workspace")
    .requiredOption("--id <id>", "the key's id")
    .addHelpText("after", '\nJSON: {"id", "name", "scope", "revokedAt"}')
    .action(
      action(context, async (options: { workspace: string; id: string }) => {
        const workspace = await findWorkspace(options.workspace);
        const key = await revokeApiKey(workspace.id, options.id, CLI_ACTOR);
        return {
          json: { id: key.id, name: key.name, scope: key.scope, revokedAt: key.revokedAt?.toISOString() ?? null },
          text: `Revoked key "${key.name}" (${key.id}).`,
        };
      }),
    );
}
