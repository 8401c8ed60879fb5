/** A problem with one field of a request: `field` is a dotted path such as "address.zipCode". */
export interface FieldIssue {
  field: string;
  code: string;
  message: string;
}

/**
 * The one error type domain code throws. It carries a stable `code`; only the HTTP edge
 * (lib/http/problem.ts) and the CLI decide what a code means to their caller.
 */
export class AppError extends Error {
  readonly code: string;
  readonly errors?: FieldIssue[];
  /** Warnings that come with a rejection (the submission log keeps them). */
  readonly warnings?: FieldIssue[];
  /** Seconds after which a retry may succeed (rate limits, unavailable database). */
  readonly retryAfter?: number;

  constructor(code: string, message: string, options: { errors?: FieldIssue[]; warnings?: FieldIssue[]; retryAfter?: number; cause?: unknown } = {}) {
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
