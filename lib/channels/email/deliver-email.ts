import type { Database } from "@/lib/db/client";
import { sendMail } from "@/lib/mail/send-mail";
import { nextRetryDelay } from "@/lib/outbox/retry-schedule";
import { type ClaimedEmail, recordEmailAttempt } from "./email-outbox";
import { renderEmail } from "./render-email";

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An SMTP 5xx refuses this message for good (no such mailbox, rejected content): trying again cannot help. */
function permanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * One attempt at one email: rendered from what the database says now, sent over SMTP, and recorded on the
 * message (delivered; retried on the webhook schedule, WEBHOOK_RETRY_SCHEDULE included; or failed). Nothing
 * is recorded when `signal` was aborted (the dispatcher is stopping and gives the message back).
 */
export async function deliverEmail(database: Database, email: ClaimedEmail, owner: string, signal: AbortSignal): Promise<void> {
  let result: { state: "delivered" | "pending" | "failed"; retryInMs?: number; error?: string };
  try {
    const rendered = await renderEmail(database, email);
    if ("dropped" in rendered) {
      result = { state: "failed", error: `not sent: ${rendered.dropped}` };
    } else {
      // A send cannot be cancelled; a stopping dispatcher stops waiting for it (the message is released, not recorded).
      await Promise.race([
        sendMail(rendered.to, rendered.content),
        new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true })),
      ]);
      result = { state: "delivered" };
    }
  } catch (error) {
    const retryInMs = permanent(error) ? undefined : nextRetryDelay(email.attempt_count + 1, undefined);
    result =
      retryInMs === undefined
        ? { state: "failed", error: errorText(error) }
        : { state: "pending", retryInMs, error: errorText(error) };
  }
  if (signal.aborted) return;
  await recordEmailAttempt(database, email.id, owner, result);
}
