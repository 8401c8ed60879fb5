import type { ErrorCode } from "@/lib/error-codes";

/** A problem with one field of a request: `field` is a dotted path such as "address.zipCode". */
export interface FieldIssue {
  field: string;
  code: string;
  message: string;
}

/**
 * The one error type domain code throws. It carries a stable `code` from lib/error-codes.ts, whose table
 * says what the code means to a sender, an admin's form and the command line.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldIssue[];
  /** Warnings that come with a rejection (the submission log keeps them). */
  readonly warnings?: FieldIssue[];
  /** Seconds after which a retry may succeed (rate limits, unavailable database). */
  readonly retryAfter?: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: FieldIssue[]; warnings?: FieldIssue[]; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.errors = options.errors;
    this.warnings = options.warnings;
    this.retryAfter = options.retryAfter;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
