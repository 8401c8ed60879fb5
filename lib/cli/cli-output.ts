import { CommanderError } from "commander";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import type { ErrorCode } from "@/lib/error-codes";
import { type FieldIssue, isAppError } from "@/lib/errors";
import type { CliIo } from "./cli-io";

/** What a command produced: the value printed with --json, and the sentence printed without it. */
export interface CommandResult {
  json: unknown;
  text: string;
}

export interface CliErrorBody {
  /** The same codes as the HTTP answers and the forms (lib/error-codes.ts). */
  code: ErrorCode;
  message: string;
  errors?: FieldIssue[];
}

export function writeResult(io: CliIo, json: boolean, result: CommandResult): void {
  if (json) io.stdout(`${JSON.stringify(result.json, null, 2)}\n`);
  else io.stdout(result.text.endsWith("\n") ? result.text : `${result.text}\n`);
}

/**
 * Expected errors carry their code and message; anything else shows its message only, never a stack:
 * the command line is used by people and scripts, not by the developers of this code.
 */
export function errorBody(error: unknown): CliErrorBody {
  if (isAppError(error)) return { code: error.code, message: error.message, ...(error.errors && { errors: error.errors }) };
  if (error instanceof CommanderError) return { code: "usage_error", message: error.message.replace(/^error: /, "") };
  const message = error instanceof Error ? error.message : String(error);
  if (isDatabaseUnavailable(error)) return { code: "service_unavailable", message: `The database cannot be reached: ${message}` };
  return { code: "internal_error", message };
}

export function writeError(io: CliIo, json: boolean, error: unknown): void {
  const body = errorBody(error);
  if (json) io.stdout(`${JSON.stringify({ error: body }, null, 2)}\n`);
  else io.stderr(`error: ${body.message}\n`);
}
