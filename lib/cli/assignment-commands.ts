import type { Command } from "commander";
import { setMemberAway } from "@/lib/assignment/set-away";
import { setLinkAssignment } from "@/lib/assignment/set-link-assignment";
import { CLI_ACTOR } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { findWorkspace } from "@/lib/workspaces/find-workspace";
import { action, type CliContext, collect, leafCommand } from "./cli-command";

async function userIdsByEmail(emails: string[]): Promise<string[]> {
  const { prisma } = await getDatabase();
  const wanted = emails.map((email) => email.trim().toLowerCase());
  const users = await prisma.user.findMany({ where: { email: { in: wanted } }, select: { id: true, email: true } });
  const byEmail = new Map(users.map((user) => [user.email, user.id]));
  const missing = wanted.filter((email) => !byEmail.has(email));
  if (missing.length > 0) throw new AppError("user_not_found", `No user has the email ${missing.join(", ")}.`);
  return wanted.map((email) => byEmail.get(email)!);
}

function onOff(value: string | undefined, flag: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === "on" || value === "off") return value === "on";
  throw new AppError("validation_failed", `${flag} takes "on" or "off".`);
}

function minutes(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  return value === "off" ? null : Number(value);
}

/** `link assignment` (a link's round-robin and response target) and `member away` (DESIGN.md section 16). */
export function registerAssignmentCommands(program: Command, context: CliContext): void {
  const link = program.commands.find((command) => command.name() === "link") ?? program.command("link");
  leafCommand(link, "assignment", "a link's round-robin of new leads among members, and its response target")
    .requiredOption("--workspace <slug>", "the workspace")
    .requiredOption("--id <id>", "the link's id")
    .option("--round-robin <on|off>", "give each lead the link creates to the next member of the rotation")
    .option("--member <email>", "a member of the rotation, in order (repeatable; replaces the rotation)", collect)
    .option("--response-target <minutes|off>", "alert the owner and admins of a lead still new after this (1 to 10080)")
    .addHelpText(
      "after",
      '\nJSON: {"linkId", "roundRobin", "assignees": [{"id", "email", "name", "away"}], "responseTargetMinutes"}',
    )
    .action(
      action(
        context,
        async (options: { workspace: string; id: string; roundRobin?: string; member?: string[]; responseTarget?: string }) => {
          const workspace = await findWorkspace(options.workspace);
          const assignment = await setLinkAssignment(
            workspace.id,
            options.id,
            {
              roundRobin: onOff(options.roundRobin, "--round-robin"),
              assigneeIds: options.member ? await userIdsByEmail(options.member) : undefined,
              responseTargetMinutes: minutes(options.responseTarget),
            },
            CLI_ACTOR,
          );
          const rotation = assignment.assignees.map((member) => `${member.email}${member.away ? " (away)" : ""}`).join(", ");
          const target = assignment.responseTargetMinutes ? `${assignment.responseTargetMinutes} minutes` : "none";
          return {
            json: assignment,
            text: `Round-robin ${assignment.roundRobin ? "on" : "off"}; rotation: ${rotation || "nobody"}; response target: ${target}.`,
          };
        },
      ),
    );

  const member = program.command("member").description("a member's own settings in a workspace");
  leafCommand(member, "away", "mark a member away (the link rotations skip them) or back with --back")
    .requiredOption("--workspace <slug>", "the workspace")
    .requiredOption("--email <email>", "the member")
    .option("--back", "the member is back: the rotations give them leads again")
    .addHelpText("after", '\nJSON: {"workspace", "email", "away"}')
    .action(
      action(context, async (options: { workspace: string; email: string; back?: boolean }) => {
        const workspace = await findWorkspace(options.workspace);
        const [userId] = await userIdsByEmail([options.email]);
        const { away } = await setMemberAway(workspace.id, userId!, options.back !== true, CLI_ACTOR);
        const email = options.email.trim().toLowerCase();
        return {
          json: { workspace: workspace.slug, email, away },
          text: `${email} in ${workspace.slug}: ${away ? "away" : "back"}.`,
        };
      }),
    );
}
