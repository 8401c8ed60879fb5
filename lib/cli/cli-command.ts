import type { Command } from "commander";
import type { CliIo } from "./cli-io";
import { type CommandResult, writeError, writeResult } from "./cli-output";

/** Shared by the commands of one run: where to write, and the exit code. */
export interface CliContext {
  io: CliIo;
  exitCode: number;
}

/** A command that does something (not a group such as `link`): every one takes --json. */
export function leafCommand(parent: Command, name: string, description: string): Command {
  return parent.command(name).description(description).option("--json", "print the result as one JSON value on stdout");
}

/** For repeatable options (--option a --option b); undefined when the option is not given. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Runs a command and prints its result or its error in the form --json asks for. */
export function action<Options extends object>(
  context: CliContext,
  run: (options: Options) => Promise<CommandResult>,
): (options: Options & { json?: boolean }) => Promise<void> {
  return async (options) => {
    const json = options.json === true;
    try {
      writeResult(context.io, json, await run(options));
    } catch (error) {
      writeError(context.io, json, error);
      context.exitCode = 1;
    }
  };
}
