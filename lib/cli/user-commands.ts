import type { Command } from "commander";
import { setPassword } from "@/lib/auth/set-password";
import { createUser } from "@/lib/users/create-user";
import { listUsers } from "@/lib/users/list-users";
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

  leafCommand(user, "list", "list every user, by email")
    .addHelpText("after", '\nJSON: [{"id", "email", "name"}, ...]')
    .action(
      action(context, async () => {
        const users = await listUsers();
        return {
          json: users.map(({ id, email, name }) => ({ id, email, name })),
          text: users.length
            ? users.map((item) => `${item.email}${item.name ? ` (${item.name})` : ""}  ${item.id}`).join("\n")
            : "No users yet.",
        };
      }),
    );

  leafCommand(user, "set-password", "set a user's password (for one who forgot it); signs them out everywhere")
    .requiredOption("--email <email>", "the user's sign-in email")
    .requiredOption("--password <password>", "at least 8 characters, stored as an argon2id hash")
    .addHelpText("after", '\nJSON: {"id", "email", "name"}')
    .action(
      action(context, async (options: { email: string; password: string }) => {
        const user = await setPassword({ email: options.email, password: options.password });
        const ended = user.sessionsEnded === 1 ? "1 session" : `${user.sessionsEnded} sessions`;
        return {
          json: { id: user.id, email: user.email, name: user.name },
          text: `Set the password of ${user.email}; ended ${ended}.`,
        };
      }),
    );
}
