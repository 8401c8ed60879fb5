import { createScanner, type SyntaxKind } from "jsonc-parser";

// jsonc-parser declares SyntaxKind as a const enum, which isolatedModules cannot read: its values, by name.
const Token = {
  OpenBrace: 1 as SyntaxKind.OpenBraceToken,
  CloseBrace: 2 as SyntaxKind.CloseBraceToken,
  OpenBracket: 3 as SyntaxKind.OpenBracketToken,
  CloseBracket: 4 as SyntaxKind.CloseBracketToken,
  Comma: 5 as SyntaxKind.CommaToken,
  String: 10 as SyntaxKind.StringLiteral,
  EOF: 17 as SyntaxKind.EOF,
};

interface Frame {
  /** The keys seen so far in an object; undefined in an array. */
  keys?: Set<string>;
  /** An object's latest key, or an array's index. */
  member: string | number;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

/** "address.city", "items[0].sku": the path of the innermost frame's current member. */
function pathOf(frames: Frame[]): string {
  return frames.reduce(
    (path, { member }) => (typeof member === "number" ? `${path}[${member}]` : path ? `${path}.${member}` : member),
    "",
  );
}

/**
 * The first key that appears twice in one object of a JSON text that JSON.parse accepted, as a path
 * ("email", "address.city", "items[0].sku"), or undefined. JSON.parse keeps the last of duplicates and
 * another system may keep the first: the same body would then mean two things to them.
 *
 * jsonc-parser's scanner reads the tokens, so keys compare after unescaping ("em\u0061il" is "email").
 * Its visitor would be shorter, but it recurses once per level and overflows the stack on deeply nested
 * bodies that JSON.parse takes; the nesting is tracked here with an explicit stack instead.
 */
export function findDuplicateKey(text: string): string | undefined {
  const scanner = createScanner(text, true);
  const frames: Frame[] = [];
  for (let token = scanner.scan(); token !== Token.EOF; token = scanner.scan()) {
    const top = frames[frames.length - 1];
    switch (token) {
      case Token.OpenBrace:
        frames.push({ keys: new Set(), member: "", expectKey: true });
        break;
      case Token.OpenBracket:
        frames.push({ member: 0, expectKey: false });
        break;
      case Token.CloseBrace:
      case Token.CloseBracket:
        frames.pop();
        break;
      case Token.Comma:
        if (top?.keys) top.expectKey = true;
        else if (top) top.member = (top.member as number) + 1;
        break;
      case Token.String:
        if (top?.keys && top.expectKey) {
          const key = scanner.getTokenValue();
          top.member = key;
          if (top.keys.has(key)) return pathOf(frames);
          top.keys.add(key);
          top.expectKey = false;
        }
        break;
    }
  }
  return undefined;
}
