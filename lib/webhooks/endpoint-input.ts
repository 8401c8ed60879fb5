import { z } from "zod";

export const WEBHOOK_EVENTS = [
  "lead.created",
  "lead.updated",
  "submission.rejected",
  "lead.erased",
  "lead.assigned",
  "lead.response_overdue",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const DEFAULT_EVENTS: WebhookEvent[] = ["lead.created", "lead.updated"];
export const MAX_HEADERS = 10;

// Headers Leadlink sets itself, or that would break the request: a custom header may not replace them
// (every `webhook-…` name is refused too: the Standard Webhooks headers are the signature).
const RESERVED_HEADERS = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "user-agent",
  "host",
  "connection",
  "transfer-encoding",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "expect",
  "proxy-connection",
]);
/** RFC 9110's token: what a header name may be made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/**
 * What a header value may hold and HTTP carry as it is: visible ASCII, spaces and tabs (RFC 9110's field-vchar
 * without obs-text). Anything else (a line break, NUL, another control, `€`) Node refuses when the request is
 * built, so the endpoint could never be called: refused here, when it is saved.
 */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;
export const MAX_HEADER_VALUE = 4096;

export const WebhookHeader = z.object({
  name: z
    .string()
    .trim()
    .min(1, "a header needs a name")
    .max(100)
    .refine((name) => TOKEN.test(name), {
      message: "a header name must be letters, digits and ! # $ % & ' * + - . ^ _ ` | ~ only",
      params: { code: "invalid_header_name" },
    })
    .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()) && !name.toLowerCase().startsWith("webhook-"), {
      message: "this header is set by Leadlink itself (Content-Type, User-Agent, Host, webhook-…)",
      params: { code: "reserved_header" },
    }),
  value: z
    .string()
    .trim()
    .max(MAX_HEADER_VALUE)
    .refine((value) => HEADER_VALUE.test(value), {
      message:
        "a header value may only hold unaccented letters, digits, punctuation, spaces and tabs (no line breaks, control characters, accents or symbols such as €)",
      params: { code: "invalid_header_value" },
    }),
});
export type WebhookHeader = z.infer<typeof WebhookHeader>;

export const ENDPOINT_KINDS = ["webhook", "slack", "telegram"] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

const HttpUrl = z.url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" });
/** What BotFather gives: the bot's id, a colon, a secret of letters, digits, `_` and `-`. */
const BOT_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
/** A chat's numeric id (negative for groups and channels) or a public channel's `@username`. */
const CHAT_ID = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/;

/**
 * One endpoint as the CLI, the admin UI and the API send it. A webhook or Slack endpoint has a URL (its address
 * is checked separately, ssrf-guard.ts); a Telegram one has a bot token and a chat id instead, and no URL (the
 * Bot API's address is the server's TELEGRAM_API_URL, never a user's).
 */
export const WebhookEndpointInput = z
  .object({
    kind: z.enum(ENDPOINT_KINDS, { error: `expected one of ${ENDPOINT_KINDS.join(", ")}` }).default("webhook"),
    url: z.string().trim().max(2048).default(""),
    botToken: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || BOT_TOKEN.test(value), {
        message: "expected a bot token as BotFather gives it, such as 123456789:AAE…",
        params: { code: "invalid_bot_token" },
      }),
    chatId: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || CHAT_ID.test(value), {
        message: "expected a chat id (digits, negative for a group) or a public channel's @username",
        params: { code: "invalid_chat_id" },
      }),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: `expected one of ${WEBHOOK_EVENTS.join(", ")}` }))
      .default(DEFAULT_EVENTS)
      .transform((events) => (events.length === 0 ? DEFAULT_EVENTS : [...new Set(events)])),
    linkIds: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .pipe(z.guid({ error: "expected a capture link id" })),
      )
      .default([])
      .transform((ids) => [...new Set(ids)]),
    headers: z
      .array(WebhookHeader)
      .max(MAX_HEADERS, `at most ${MAX_HEADERS} custom headers`)
      .default([])
      .refine((headers) => new Set(headers.map((header) => header.name.toLowerCase())).size === headers.length, {
        message: "a header is given twice",
      }),
    description: z
      .string()
      .trim()
      .max(500)
      .optional()
      .transform((value) => value || null),
    enabled: z.boolean().default(true),
  })
  .superRefine((data, context) => {
    if (data.kind !== "telegram") {
      // The URL's own issues, as its field's schema words them (the admin translates them by their code).
      const url = HttpUrl.safeParse(data.url);
      for (const issue of url.success ? [] : url.error.issues) {
        context.addIssue({ ...issue, path: ["url", ...issue.path], input: data.url } as never);
      }
      return;
    }
    if (!data.botToken)
      context.addIssue({
        code: "custom",
        path: ["botToken"],
        message: "a Telegram endpoint needs its bot token",
        params: { code: "required" },
      });
    if (!data.chatId)
      context.addIssue({
        code: "custom",
        path: ["chatId"],
        message: "a Telegram endpoint needs the chat id to post to",
        params: { code: "required" },
      });
  })
  .transform(({ botToken, chatId, ...data }) =>
    data.kind === "telegram"
      ? { ...data, url: "", botToken: botToken ?? null, chatId: chatId ?? null, headers: [] }
      : { ...data, botToken: null, chatId: null },
  );
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInput>;
export type WebhookEndpointData = z.output<typeof WebhookEndpointInput>;

/** `"Name: value"` as typed on the command line. */
export function parseHeaderLine(line: string): { name: string; value: string } {
  const colon = line.indexOf(":");
  return colon < 0 ? { name: line, value: "" } : { name: line.slice(0, colon), value: line.slice(colon + 1) };
}
