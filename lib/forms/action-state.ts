import type { ErrorCode } from "@/lib/error-codes";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { translateAppError, unexpectedErrorMessage } from "@/lib/request/translate-error";

/** What a form's server action answers: a message, and errors to show next to the inputs. */
export interface ActionState {
  ok?: boolean;
  /** Why it failed, from lib/error-codes.ts: a form may react to one (e.g. offer to create a missing user). */
  code?: ErrorCode;
  message?: string;
  fieldErrors?: Record<string, string>;
  /** What was submitted, so the form shows it again after a failure (React resets forms after an action). */
  values?: Record<string, string>;
}

/** The submitted text fields, passwords left out. */
export function submittedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !/password/i.test(key) && !key.startsWith("$")) values[key] = value;
  }
  return values;
}

/**
 * Turns whatever an action threw into something the form can show, in the user's language (the domain's
 * English messages stay for the command line and the API); unexpected errors are logged, not shown.
 */
export async function fromError(error: unknown): Promise<ActionState> {
  if (error instanceof AppError) {
    const { message, fieldErrors } = await translateAppError(error);
    return { ok: false, code: error.code, message, fieldErrors };
  }
  log.error({ err: error }, "server action failed");
  return { ok: false, code: "internal_error", message: await unexpectedErrorMessage() };
}
