/**
 * How a refused sign-in travels from authorize() to the form: next-auth puts a thrown error's message in
 * the `error` of signIn()'s result, so the message carries a stable prefix and the wait in seconds.
 * Shared by the server and the (client) sign-in form, hence free of server imports.
 */
export const TOO_MANY_ATTEMPTS = "TooManyAttempts";

export function tooManyAttemptsError(retryAfterSeconds: number): Error {
  return new Error(`${TOO_MANY_ATTEMPTS}:${Math.max(1, Math.ceil(retryAfterSeconds))}`);
}

/** The sign-in form's message for signIn()'s `error`, when it is a refusal for too many attempts. */
export function tooManyAttemptsMessage(error: string | null | undefined): string | undefined {
  const minutes = tooManyAttemptsMinutes(error);
  if (minutes === undefined) return undefined;
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** The minutes to wait that a too-many-attempts error names, for a message in the reader's language. */
export function tooManyAttemptsMinutes(error: string | null | undefined): number | undefined {
  const match = new RegExp(`^${TOO_MANY_ATTEMPTS}:(\\d+)$`).exec(error ?? "");
  return match ? Math.max(1, Math.ceil(Number(match[1]) / 60)) : undefined;
}
