import type { ErrorCode } from "@/lib/error-codes";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";

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

/** Turns whatever an action threw into something the form can show; unexpected errors are logged, not shown. */
export function fromError(error: unknown): ActionState {
  if (error instanceof AppError) {
    const fieldErrors = Object.fromEntries((error.errors ?? []).map((issue) => [issue.field, issue.message]));
    return {
      ok: false,
      code: error.code,
      message: error.message,
      fieldErrors: Object.keys(fieldErrors).length ? fieldErrors : undefined,
    };
  }
  log.error({ err: error }, "server action failed");
  return { ok: false, code: "internal_error", message: "Something went wrong; nothing was changed. Try again." };
}
