import { AppError } from "@/lib/errors";

/** The webhook-id of a message: `msg_` + its uuid without dashes, the same on every attempt. */
export function webhookMessageId(id: string): string {
  return `msg_${id.replaceAll("-", "")}`;
}

export function messageNotFound(id: string): AppError {
  return new AppError("webhook_message_not_found", `No webhook message "${id.trim()}" for this endpoint.`);
}

const HEX32 = /^[0-9a-f]{32}$/;

/**
 * The message's uuid from what a person copies: the `webhook-id` (`msg_` + 32 hex digits, as the receiver
 * and the delivery log show it) or the uuid itself; AppError `webhook_message_not_found` for anything else.
 */
export function messageUuidOrNotFound(id: string): string {
  const text = id.trim().toLowerCase();
  const hex = text.startsWith("msg_") ? text.slice(4) : text.replaceAll("-", "");
  if (!HEX32.test(hex) || (!text.startsWith("msg_") && text.length !== 36 && text.length !== 32)) throw messageNotFound(id);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
