interface Frame {
  /** The keys seen so far in an object; undefined in an array. */
  keys?: Set<string>;
  /** An object's latest key, or an array's index. */
  member: string | number;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/** "address.city", "items[0].sku": the path of the innermost frame's current member. */
function pathOf(frames: Frame[]): string {
  return frames.reduce(
    (path, { member }) => (typeof member === "number" ? `${path}[${member}]` : path ? `${path}.${member}` : member),
    "",
  );
}

/** The index of the quote that closes the string whose opening quote is at `open`. */
function stringEnd(text: string, open: number): number {
  let end = text.indexOf('"', open + 1);
  // A quote preceded by an odd number of backslashes is escaped: part of the string.
  for (;;) {
    // Not valid JSON after all (JSON.parse runs first): nothing more to read.
    if (end < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

/**
 * The first key that appears twice in one object of a JSON text that JSON.parse accepted, as a path
 * ("email", "address.city", "items[0].sku"), or undefined. JSON.parse keeps the last of duplicates and
 * another system may keep the first: the same body would then mean two things to them.
 *
 * Only valid JSON comes here, so a walk of its structure is enough: braces, brackets and commas outside
 * strings, and strings (jumped over with indexOf). Keys compare after unescaping ("em\u0061il" is "email"),
 * by JSON.parse of the key, only for keys that contain a backslash. On every request's body, so it is a plain
 * loop (a general JSON tokenizer cost ~5 % of the ingest route's own CPU). The nesting is tracked with an
 * explicit stack: bodies nested thousands of levels deep, which JSON.parse takes, cannot overflow it.
 */
export function findDuplicateKey(text: string): string | undefined {
  const frames: Frame[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    const top = frames[frames.length - 1];
    switch (char) {
      case QUOTE: {
        const end = stringEnd(text, index);
        if (top?.keys && top.expectKey) {
          const raw = text.slice(index + 1, end);
          const key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
          top.member = key;
          if (top.keys.has(key)) return pathOf(frames);
          top.keys.add(key);
          top.expectKey = false;
        }
        index = end;
        break;
      }
      case OPEN_BRACE:
        frames.push({ keys: new Set(), member: "", expectKey: true });
        break;
      case OPEN_BRACKET:
        frames.push({ member: 0, expectKey: false });
        break;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        frames.pop();
        break;
      case COMMA:
        if (top?.keys) top.expectKey = true;
        else if (top) top.member = (top.member as number) + 1;
        break;
    }
  }
  return undefined;
}
