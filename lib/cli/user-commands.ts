import type { Command } from "commander";
import { createUser } from "@/lib/users/create-user";
import { action, type CliContext, leafCommand } from "./cli-command";

export function registerUserCommands(program: Command, context: CliContext): void {
  const user = program.command("user").description("admin users");

  leafCommand(user, "create", "create a user who can sign in to the admin")
    .requiredOption("--email <email>", "sign-in email (stored lower-cased)")
    .requiredOption("--password <password>", "at least 8 characters, stored as an argon2id hash")
    .option("--name <name>", "display name")
    .addHelpText("after", '\nJSON: {"id", "email", "name"}')
    .action(
      action(context, async (options: { email: string; password: string; name?: string }) => {
        const user = await createUser({ email: options.email, password: options.password, name: options.name });
        return {
          json: { id: user.id, email: user.email, name: user.name },
          text: `Created user ${user.email}${user.name ? ` (${user.name})` : ""}, id ${user.id}.`,
        };
      }),
    );
}
