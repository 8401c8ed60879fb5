import type { Command } from "commander";
import { CLI_ACTOR } from "@/lib/audit/record";
import { createField } from "@/lib/fields/create-field";
import { FIELD_TYPES } from "@/lib/fields/custom-field";
import { findWorkspace } from "@/lib/workspaces/find-workspace";
import { action, type CliContext, collect, leafCommand } from "./cli-command";

export function registerFieldCommands(program: Command, context: CliContext): void {
  const field = program.command("field").description("custom fields of a workspace's leads");

  leafCommand(field, "create", "create a custom field")
    .requiredOption("--workspace <slug>", "the workspace")
    .requiredOption("--name <name>", "the key senders use in customFields, e.g. budget")
    .requiredOption("--label <label>", "the name people see; senders may also use it as the key")
    .option("--type <type>", `${FIELD_TYPES.join(", ")} (default: text)`)
    .option("--option <value>", "an allowed value of a select field (repeatable)", collect)
    .addHelpText("after", '\nJSON: {"id", "name", "label", "type"}')
    .action(
      action(context, async (options: { workspace: string; name: string; label: string; type?: string; option?: string[] }) => {
        const workspace = await findWorkspace(options.workspace);
        const input = { name: options.name, label: options.label, type: options.type, options: options.option ?? [] };
        const created = await createField(workspace.id, input, CLI_ACTOR);
        const choices =
          created.type === "select" ? ` with options ${created.options.map((o) => JSON.stringify(o)).join(", ")}` : "";
        return {
          json: { id: created.id, name: created.name, label: created.label, type: created.type },
          text: `Created ${created.type} field "${created.label}" (name ${created.name})${choices}, id ${created.id}.`,
        };
      }),
    );
}
