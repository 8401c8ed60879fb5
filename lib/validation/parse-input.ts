import type { z } from "zod";
import { AppError, type FieldIssue } from "@/lib/errors";

/** A zod issue as a FieldIssue: the form and the CLI show `field` next to `message`. */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join("."),
    code: issueCode(issue),
    message: issue.message,
  }));
}

/** Schemas name their own checks with `params: { code }` (e.g. invalid_origin); zod's codes otherwise. */
function issueCode(issue: z.core.$ZodIssue): string {
  if (issue.code === "custom") return typeof issue.params?.code === "string" ? issue.params.code : "invalid";
  // "required" reads better than too_small for an empty value, and forms can key on it.
  if (issue.code === "too_small" && issue.minimum === 1 && issue.origin === "string") return "required";
  return issue.code;
}

/**
 * The input parsed by `schema`, or AppError `validation_failed` listing every invalid field.
 * Domain functions parse their own input, so every caller (CLI, admin forms) gets the same checks and errors.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw validationFailed(what, toFieldIssues(parsed.error), parsed.error);
}

/** AppError `validation_failed` whose message names every issue, for callers that read only the message. */
export function validationFailed(what: string, errors: FieldIssue[], cause?: z.ZodError): AppError {
  const summary = errors.map((issue) => (issue.field ? `${issue.field} ${issue.message}` : issue.message)).join("; ");
  // The zod error as the cause: an admin form words its issues in the user's language from it (sizes, formats).
  return new AppError("validation_failed", `Invalid ${what}: ${summary}.`, { errors, cause });
}
