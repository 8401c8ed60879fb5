import { ATTEMPT_TIMEOUT_MS, type AttemptResult, RESPONSE_EXCERPT_BYTES } from "@/lib/channels/webhook/send-webhook";
import { storableText } from "@/lib/normalise/text";
import { parseRetryAfter } from "@/lib/outbox/retry-schedule";

export interface TelegramRequest {
  /** The Bot API's base: the server's TELEGRAM_API_URL, never a user's (no SSRF through it). */
  apiUrl: string;
  botToken: string;
  chatId: string;
  /** HTML parse mode (telegramText). */
  text: string;
  signal?: AbortSignal;
}

/** The token sits in the Bot API's path: every text that leaves this module has it replaced. */
function redact(text: string, token: string): string {
  return token ? text.replaceAll(token, "<bot token>") : text;
}

/** The Bot API's 429 says how long to wait in its body (`parameters.retry_after`, seconds), not only in a header. */
function retryAfterOf(response: string, header: string | null): number | undefined {
  try {
    const seconds = (JSON.parse(response) as { parameters?: { retry_after?: unknown } }).parameters?.retry_after;
    if (typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0) return seconds * 1_000;
  } catch {
    // Not the Bot API's JSON (a proxy's page): the header, if any, says it.
  }
  return parseRetryAfter(header ?? undefined);
}

/**
 * One `sendMessage` call of the Telegram Bot API: 2xx with `{"ok":true}` is delivered; anything else is a
 * failed attempt with the answer's first 2 KiB (`{"ok":false,"error_code","description"}`), retried on the
 * outbox's schedule. Redirects are not followed; 10 s for the whole exchange, as for webhooks.
 */
export async function sendTelegram(request: TelegramRequest): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeout = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const body = JSON.stringify({
    chat_id: request.chatId,
    text: request.text,
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
  });
  try {
    const answer = await fetch(`${request.apiUrl}/bot${request.botToken}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Leadlink-Telegram/1" },
      body,
      redirect: "manual",
      signal,
    });
    const bytes = Buffer.from(await answer.arrayBuffer()).subarray(0, RESPONSE_EXCERPT_BYTES);
    const response = redact(storableText(bytes.toString("utf8")), request.botToken);
    const ok = answer.status >= 200 && answer.status < 300;
    let error: string | null = null;
    if (answer.status >= 300 && answer.status < 400) error = "redirect not followed";
    else if (ok && !/"ok"\s*:\s*true/.test(response)) error = 'the Bot API did not answer {"ok":true}';
    return {
      status: answer.status,
      durationMs: elapsed(),
      response,
      error,
      retryAfterMs: answer.status === 429 ? retryAfterOf(response, answer.headers.get("retry-after")) : undefined,
    };
  } catch (error) {
    const reason = timeout.aborted
      ? `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`
      : error instanceof Error
        ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""}`
        : String(error);
    return { status: null, durationMs: elapsed(), response: null, error: redact(reason, request.botToken) };
  }
}
