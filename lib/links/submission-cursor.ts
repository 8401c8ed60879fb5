import { isUuid } from "@/lib/validation/uuid";

/** A position in a link's request log: the (receivedAt, id) of a row, newest first. */
export interface SubmissionCursor {
  receivedAt: Date;
  id: string;
}

export function encodeSubmissionCursor(cursor: SubmissionCursor): string {
  return Buffer.from(`${cursor.receivedAt.toISOString()}|${cursor.id}`, "utf8").toString("base64url");
}

/** The cursor in a URL, or undefined when it is missing or was tampered with (the first page is shown then). */
export function decodeSubmissionCursor(value: string | undefined | null): SubmissionCursor | undefined {
  if (!value || value.length > 200) return undefined;
  const [time, id, extra] = Buffer.from(value, "base64url").toString("utf8").split("|");
  if (extra !== undefined || !time || !id || !isUuid(id)) return undefined;
  const receivedAt = new Date(time);
  if (Number.isNaN(receivedAt.getTime()) || receivedAt.toISOString() !== time) return undefined;
  return { receivedAt, id };
}
