import type { Command } from "commander";
import { CLI_ACTOR } from "@/lib/audit/record";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { findWorkspace } from "@/lib/workspaces/find-workspace";
import { listWorkspaces } from "@/lib/workspaces/list-workspaces";
import {
  getWorkspaceSettings,
  updateWorkspaceSettings,
  type WorkspaceSettings,
  type WorkspaceSettingsInput,
} from "@/lib/workspaces/workspace-settings";
import { action, type CliContext, leafCommand } from "./cli-command";

export function registerWorkspaceCommands(program: Command, context: CliContext): void {
  const workspace = program.command("workspace").description("workspaces");

  leafCommand(workspace, "create", "create a workspace")
    .requiredOption("--name <name>", "display name")
    .option("--slug <slug>", "address in URLs and handle for other commands (default: derived from the name)")
    .option("--country <code>", "ISO 3166-1 alpha-2 country of phone numbers sent without a country code", "BR")
    .option("--owner <email>", "an existing user who becomes the workspace's owner")
    .addHelpText("after", '\nJSON: {"id", "slug", "name"}')
    .action(
      action(context, async (options: { name: string; slug?: string; country: string; owner?: string }) => {
        const created = await createWorkspace(
          { name: options.name, slug: options.slug, country: options.country },
          { ownerEmail: options.owner, actor: CLI_ACTOR },
        );
        const owner = options.owner ? `, owned by ${options.owner.trim().toLowerCase()}` : "";
        return {
          json: { id: created.id, slug: created.slug, name: created.name },
          text: `Created workspace "${created.name}" (slug ${created.slug}, country ${created.country}${owner}), id ${created.id}.`,
        };
      }),
    );

  leafCommand(workspace, "list", "list every workspace, by slug")
    .addHelpText("after", '\nJSON: [{"id", "slug", "name"}, ...]')
    .action(
      action(context, async () => {
        const workspaces = await listWorkspaces();
        return {
          json: workspaces.map(({ id, slug, name }) => ({ id, slug, name })),
          text: workspaces.length
            ? workspaces.map((item) => `${item.slug}  ${item.name}  ${item.id}`).join("\n")
            : "No workspaces yet.",
        };
      }),
    );

  // DESIGN.md section 13: the language and time zone of what the workspace sends.
  const settings = workspace.command("settings").description("the workspace's language and time zone");
  const settingsResult = (slug: string, current: WorkspaceSettings) => ({
    json: { workspace: slug, language: current.language, timeZone: current.timeZone },
    text: `Workspace ${slug}: language ${current.language}, time zone ${current.timeZone}.`,
  });

  leafCommand(settings, "show", "show the language and time zone of a workspace's messages")
    .requiredOption("--workspace <slug>", "the workspace")
    .addHelpText("after", '\nJSON: {"workspace", "language", "timeZone"}')
    .action(
      action(context, async (options: { workspace: string }) => {
        const found = await findWorkspace(options.workspace);
        return settingsResult(found.slug, await getWorkspaceSettings(found.id));
      }),
    );

  leafCommand(settings, "set", "change the language and/or time zone of a workspace's messages")
    .requiredOption("--workspace <slug>", "the workspace")
    .option("--language <language>", "en or pt-BR: channel messages, and emails to members without a language of their own")
    .option("--time-zone <zone>", "IANA time zone (America/Sao_Paulo, UTC, …): times in messages, and when digests are sent")
    .addHelpText("after", '\nJSON: {"workspace", "language", "timeZone"}')
    .action(
      action(context, async (options: { workspace: string; language?: string; timeZone?: string }) => {
        const found = await findWorkspace(options.workspace);
        const input = { language: options.language, timeZone: options.timeZone } as WorkspaceSettingsInput;
        return settingsResult(found.slug, await updateWorkspaceSettings(found.id, input, CLI_ACTOR));
      }),
    );
}
