import { ATTEMPT_TIMEOUT_MS, type AttemptResult, RESPONSE_EXCERPT_BYTES } from "@/lib/channels/webhook/send-webhook";
import type { Locale } from "@/lib/i18n/locales";
import { storableText } from "@/lib/normalise/text";
import { parseRetryAfter } from "@/lib/outbox/retry-schedule";

export interface WhatsappRequest {
  /** The Graph API's base: the server's WHATSAPP_API_URL, never a user's. */
  apiUrl: string;
  token: string;
  phoneNumberId: string;
  /** E.164 digits, without "+". */
  to: string;
  template: string;
  language: Locale;
  /** The template body's three text parameters, in order: the lead's name, phone and page. */
  parameters: [name: string, phone: string, url: string];
  signal?: AbortSignal;
}

/** The template language codes WhatsApp knows our languages by. */
const TEMPLATE_LANGUAGE: Record<Locale, string> = { "pt-BR": "pt_BR", en: "en" };

/** The Cloud API's message body: an approved template, since a business may not open a conversation with free text. */
export function whatsappBody(request: Omit<WhatsappRequest, "apiUrl" | "token" | "phoneNumberId" | "signal">): string {
  return JSON.stringify({
    messaging_product: "whatsapp",
    to: request.to,
    type: "template",
    template: {
      name: request.template,
      language: { code: TEMPLATE_LANGUAGE[request.language] },
      components: [{ type: "body", parameters: request.parameters.map((text) => ({ type: "text", text })) }],
    },
  });
}

function redact(text: string, token: string): string {
  return token ? text.replaceAll(token, "<token>") : text;
}

/**
 * One `POST /{phone-number-id}/messages` of the WhatsApp Cloud API: 200 with `{"messages":[{"id":"wamid…"}]}`
 * is delivered; anything else (`{"error":{"message","type","code",…}}`) is a failed attempt with the answer's
 * first 2 KiB, retried on the outbox's schedule. 10 s for the whole exchange; no redirect followed.
 */
export async function sendWhatsapp(request: WhatsappRequest): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeout = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  try {
    const answer = await fetch(`${request.apiUrl}/${encodeURIComponent(request.phoneNumberId)}/messages`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${request.token}`,
        "content-type": "application/json",
        "user-agent": "Leadlink-WhatsApp/1",
      },
      body: whatsappBody(request),
      redirect: "manual",
      signal,
    });
    const bytes = Buffer.from(await answer.arrayBuffer()).subarray(0, RESPONSE_EXCERPT_BYTES);
    const response = redact(storableText(bytes.toString("utf8")), request.token);
    let error: string | null = null;
    if (answer.status >= 300 && answer.status < 400) error = "redirect not followed";
    else if (answer.status >= 200 && answer.status < 300 && !/"messages"\s*:\s*\[\s*\{\s*"id"/.test(response)) {
      error = "the Cloud API accepted no message";
    } else if (answer.status >= 400) error = errorMessage(response) ?? `HTTP ${answer.status}`;
    return {
      status: answer.status,
      durationMs: elapsed(),
      response,
      error,
      retryAfterMs: parseRetryAfter(answer.headers.get("retry-after") ?? undefined),
    };
  } catch (error) {
    const reason = timeout.aborted
      ? `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`
      : error instanceof Error
        ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""}`
        : String(error);
    return { status: null, durationMs: elapsed(), response: null, error: redact(reason, request.token) };
  }
}

/** The Graph API's `{"error":{"message","code"}}` as one line, for the message's last_error. */
function errorMessage(response: string): string | undefined {
  try {
    const { error } = JSON.parse(response) as { error?: { message?: unknown; code?: unknown } };
    if (typeof error?.message === "string")
      return `${error.message}${error.code === undefined ? "" : ` (code ${String(error.code)})`}`;
  } catch {
    // Not the Graph API's JSON: the status says it.
  }
  return undefined;
}
