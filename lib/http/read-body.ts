import { AppError } from "@/lib/errors";
import { excerpt } from "@/lib/normalise/text";
import { findDuplicateKey } from "./find-duplicate-key";

export const BODY_LIMIT = 64 * 1024;

const ACCEPTED_TYPES = new Set(["application/json", "text/plain"]);

export interface ReceivedBody {
  /** The body decoded as text, cut at the limit. */
  text: string;
  tooLarge: boolean;
  /** The media type, lower-cased, without parameters; "" when the header is missing. */
  mediaType: string;
  /** The body as received, cut at the limit: a multipart form is parsed from its bytes (lib/capture/html-forms). */
  bytes: Uint8Array;
}

function contentType(request: Request): { mediaType: string; charset: string } {
  const header = request.headers.get("content-type") ?? "";
  // The usual case, one media type and no parameters, without splitting.
  if (!header.includes(";")) return { mediaType: header.trim().toLowerCase(), charset: "utf-8" };
  const [type = "", ...params] = header.split(";");
  const charset = params.map((param) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(param)?.[1]).find(Boolean);
  return { mediaType: type.trim().toLowerCase(), charset: charset ?? "utf-8" };
}

/** Decoders by the charset asked for: decode() without `stream` keeps no state, so one serves every request. */
const decoders = new Map<string, TextDecoder>([["utf-8", new TextDecoder("utf-8")]]);
const MAX_DECODERS = 64;

function decoder(charset: string): TextDecoder {
  const known = decoders.get(charset);
  if (known) return known;
  let created: TextDecoder;
  try {
    created = new TextDecoder(charset);
  } catch {
    return decoders.get("utf-8")!;
  }
  // Bounded: the charset is the sender's text.
  if (decoders.size < MAX_DECODERS) decoders.set(charset, created);
  return created;
}

/**
 * The body's stream failed: the client closed the connection (or the network did) before the body ended. The
 * request is incomplete, as if it had timed out (same code, 408; a code outside the contract's list would
 * surprise integrators), and is recorded as such, not as a server fault.
 */
function bodyBroken(): never {
  throw new AppError(
    "request_timeout",
    "The connection closed before the whole body arrived; no lead was written. Send the request again.",
  );
}

/**
 * Reads at most BODY_LIMIT bytes of the body (the rest is not read), decoded with the declared charset
 * (UTF-8 when none or unknown). A body that has not arrived within `timeoutMs` is abandoned with
 * request_timeout: a client trickling bytes would otherwise hold its request open for as long as it likes.
 */
export async function readBody(request: Request, timeoutMs: number): Promise<ReceivedBody> {
  const { mediaType, charset } = contentType(request);
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = Number(request.headers.get("content-length") ?? 0) > BODY_LIMIT;
  if (request.body) {
    const reader = request.body.getReader();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
    let ended = false;
    try {
      while (size <= BODY_LIMIT) {
        const chunk = await Promise.race([reader.read().catch(bodyBroken), timedOut]);
        if (chunk === "timeout") {
          throw new AppError(
            "request_timeout",
            `The body did not arrive within ${timeoutMs / 1000} s of the request's headers; no lead was written.`,
          );
        }
        if (chunk.done) {
          ended = true;
          break;
        }
        chunks.push(chunk.value);
        size += chunk.value.byteLength;
      }
      if (size > BODY_LIMIT) tooLarge = true;
    } finally {
      clearTimeout(timer);
      // The rest of a body left unread (too large, too slow, broken); a body read to its end has nothing to cancel.
      if (!ended) await reader.cancel().catch(() => {});
    }
  }
  // A small body usually arrives in one chunk: no copy then.
  const bytes = chunks.length === 1 && size <= BODY_LIMIT ? chunks[0]! : Buffer.concat(chunks, Math.min(size, BODY_LIMIT));
  return { text: decoder(charset).decode(bytes), tooLarge, mediaType, bytes };
}

/** The checks on a body before it is parsed: its type and size. */
export function assertAcceptableBody(body: ReceivedBody): void {
  if (!ACCEPTED_TYPES.has(body.mediaType)) {
    throw new AppError(
      "unsupported_media_type",
      `Send the lead as JSON with Content-Type: application/json (text/plain with a JSON body is accepted too); got ${body.mediaType ? `"${body.mediaType.slice(0, 100)}"` : "no Content-Type"}.`,
    );
  }
  if (body.tooLarge) {
    throw new AppError("payload_too_large", `The body is larger than ${BODY_LIMIT / 1024} KiB.`);
  }
}

/** At most this much of a path is quoted back in an error (a body may nest thousands of levels). */
const MAX_QUOTED_PATH = 200;

/**
 * The body as a JSON object, or an error that says what is wrong with it. A key repeated in one object
 * is refused: JSON.parse would keep the last one silently, and a system in front of Leadlink may read the first.
 */
export function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = text.trim() === "" ? "the body is empty" : (error as Error).message;
    throw new AppError("invalid_json", `The body is not valid JSON: ${detail}.`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const kind = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
    throw new AppError("body_not_object", `The body must be a JSON object with the lead's fields; got ${kind}.`);
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined) {
    // The key is the sender's text: cut, and with NUL and lone surrogates replaced, so the log's jsonb can hold it.
    const key = excerpt(duplicate, MAX_QUOTED_PATH);
    throw new AppError(
      "invalid_json",
      `The body is not valid JSON for Leadlink: duplicate key ${JSON.stringify(key)}. Send each key once per object.`,
      {
        errors: [{ field: key, code: "duplicate_key", message: "appears more than once in the same object" }],
      },
    );
  }
  return value as Record<string, unknown>;
}
