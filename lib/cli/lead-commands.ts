import type { Command } from "commander";
import { readLead } from "@/lib/leads/get-lead";
import { listLeads, MAX_LEADS_PER_PAGE } from "@/lib/leads/list-leads";
import { findWorkspace } from "@/lib/workspaces/find-workspace";
import { action, type CliContext, leafCommand } from "./cli-command";
import { formatLeadDetail, formatLeadTable } from "./format-lead";

export function registerLeadCommands(program: Command, context: CliContext): void {
  const lead = program.command("lead").description("leads captured in a workspace");

  leafCommand(lead, "list", "list a workspace's leads, newest first")
    .requiredOption("--workspace <slug>", "the workspace")
    .option("--limit <n>", `how many leads, 1 to ${MAX_LEADS_PER_PAGE} (default: 50)`)
    .addHelpText("after", "\nJSON: an array of leads (see `lead get`), without their submissions")
    .action(
      action(context, async (options: { workspace: string; limit?: string }) => {
        const workspace = await findWorkspace(options.workspace);
        const leads = await listLeads(workspace.id, { limit: options.limit });
        return { json: leads, text: formatLeadTable(leads) };
      }),
    );

  leafCommand(lead, "get", "show one lead with its custom fields and submissions")
    .requiredOption("--workspace <slug>", "the workspace")
    .requiredOption("--id <id>", "the lead's id")
    .addHelpText(
      "after",
      '\nJSON: {"id", "email", "name", "telephone", "document", "profession", "city", "state", "instagram", "birthday",\n' +
        '"address", "firstTouch", "lastTouch", "customFields", "createdAt", "updatedAt", "submissions"};\n' +
        'an erased lead: {"id", "erasedAt"}',
    )
    .action(
      action(context, async (options: { workspace: string; id: string }) => {
        const workspace = await findWorkspace(options.workspace);
        const found = await readLead(workspace.id, options.id);
        if ("erasedAt" in found) return { json: found, text: `Lead ${found.id} was erased on ${found.erasedAt}.` };
        return { json: found, text: formatLeadDetail(found) };
      }),
    );
}
