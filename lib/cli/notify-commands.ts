import type { Command } from "commander";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { NotificationInput } from "@/lib/notifications/notification-input";
import { setNotificationPreference } from "@/lib/notifications/set-notification-preference";
import { findWorkspace } from "@/lib/workspaces/find-workspace";
import { action, type CliContext, collect, leafCommand } from "./cli-command";

export function registerNotifyCommands(program: Command, context: CliContext): void {
  const notify = program.command("notify").description("email notifications: what each member is told about new leads");

  leafCommand(notify, "set", "choose what a member is emailed about a workspace's new leads")
    .requiredOption("--workspace <slug>", "the workspace")
    .requiredOption("--email <email>", "the member")
    .requiredOption("--mode <mode>", "instant (an email per new lead), digest (one a day) or none")
    .option("--link <id>", "only leads of this capture link (repeatable, or comma-separated; default every link)", collect)
    .option(
      "--whatsapp <number>",
      'a WhatsApp message per new lead to this number (read in the workspace\'s country); "none" stops them',
    )
    .addHelpText("after", '\nJSON: {"workspace", "email", "mode", "links"} and "whatsapp" (E.164) when set')
    .action(
      action(context, async (options: { workspace: string; email: string; mode: string; link?: string[]; whatsapp?: string }) => {
        const workspace = await findWorkspace(options.workspace);
        const { prisma } = await getDatabase();
        const email = options.email.trim().toLowerCase();
        const user = await prisma.user.findUnique({ where: { email }, select: { id: true, email: true } });
        if (!user) throw new AppError("user_not_found", `No user has the email ${email}.`);
        const links =
          options.link
            ?.flatMap((value) => value.split(","))
            .map((value) => value.trim())
            .filter(Boolean) ?? [];
        const saved = await setNotificationPreference(workspace.id, user.id, {
          mode: options.mode as NotificationInput["mode"],
          linkIds: links,
          whatsappNumber: options.whatsapp === undefined ? undefined : options.whatsapp === "none" ? null : options.whatsapp,
        });
        const json = {
          workspace: workspace.slug,
          email: user.email,
          mode: saved.mode,
          links: saved.links,
          ...(saved.whatsapp && { whatsapp: saved.whatsapp }),
        };
        const scope = saved.links.length > 0 ? ` for ${saved.links.length} link${saved.links.length === 1 ? "" : "s"}` : "";
        const whatsapp = saved.whatsapp ? `, WhatsApp ${saved.whatsapp}` : "";
        return { json, text: `${user.email} in ${workspace.slug}: ${saved.mode}${scope}${whatsapp}.` };
      }),
    );
}
