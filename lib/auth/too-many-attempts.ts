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
  const match = new RegExp(`^${TOO_MANY_ATTEMPTS}:(\\d+)$`).exec(error ?? "");
  if (!match) return undefined;
  const minutes = Math.max(1, Math.ceil(Number(match[1]) / 60));
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
