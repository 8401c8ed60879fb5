import type { Command } from "commander";
import { getDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { action, type CliContext, leafCommand } from "./cli-command";

export function registerMigrateCommand(program: Command, context: CliContext): void {
  leafCommand(program, "migrate", "apply the database migrations not applied yet")
    .addHelpText("after", '\nJSON: {"applied": [migration names], "alreadyApplied": count of those applied before}')
    .action(
      action(context, async () => {
        const report = await migrate(await getDatabase());
        const text =
          report.applied.length > 0
            ? `Applied ${report.applied.length} migration(s): ${report.applied.join(", ")}.`
            : `The database is up to date (${report.alreadyApplied} migration(s) applied before).`;
        return { json: { applied: report.applied, alreadyApplied: report.alreadyApplied }, text };
      }),
    );
}
