import { invalid, type Normalised, valid } from "./result";

const PROFILE_URL = /^(?:https?:\/\/)?(?:www\.|m\.)?(?:instagram\.com|instagr\.am)\/([^/?#]+)\/?(?:[?#].*)?$/i;
const HANDLE = /^[A-Za-z0-9._]{1,30}$/;

/** A handle without "@": a leading "@" or a profile URL (instagram.com/handle) is reduced to the handle. */
export function normaliseInstagram(input: string): Normalised<string> {
  const handle = (PROFILE_URL.exec(input)?.[1] ?? input).replace(/^@/, "");
  return HANDLE.test(handle)
    ? valid(handle)
    : invalid("invalid_instagram", "must be an Instagram handle (letters, digits, . and _, at most 30) or a profile URL");
}
