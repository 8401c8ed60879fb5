import { RE2JS } from "re2js";

/**
 * The regular expressions of a mapping (`$match(x, /…/)`, `$replace`, `$split`, `$contains`) run on RE2's
 * engine (re2js, a JavaScript port of RE2/J), in time linear in the text: JavaScript's own engine backtracks,
 * so a pattern such as `/(a+)+$/` on a request's 40-character field would hold the server's one thread for
 * minutes, for every workspace, and JSONata's timeout is only checked between its steps. RE2 has no
 * backreferences or lookaround; such a pattern is refused when the mapping is saved (unsupportedRegex).
 * JSONata hands its RegexEngine the RegExp it parsed (flags `i`, `m`, and its own `g`) and reads only
 * `lastIndex` and `exec()`, which this class gives it.
 */
export class LinearRegExp {
  lastIndex = 0;
  private readonly pattern: RE2JS;

  constructor(regex: RegExp) {
    this.pattern = compileLinear(regex);
  }

  exec(text: string): RegExpExecArray | null {
    const matcher = this.pattern.matcher(text);
    if (this.lastIndex > text.length || !matcher.find(this.lastIndex)) {
      this.lastIndex = 0;
      return null;
    }
    const groups: (string | undefined)[] = [];
    for (let group = 0; group <= matcher.groupCount(); group++) groups.push(matcher.group(group) ?? undefined);
    this.lastIndex = matcher.end();
    return Object.assign(groups, { index: matcher.start(), input: text }) as unknown as RegExpExecArray;
  }
}

// JSONata makes a new engine each time it evaluates a regex literal, with the literal's one RegExp (its syntax
// tree's): compiled once per literal, for as long as its expression lives.
const compiled = new WeakMap<RegExp, RE2JS>();

function compileLinear(regex: RegExp): RE2JS {
  let pattern = compiled.get(regex);
  if (!pattern) {
    const flags = (regex.flags.includes("i") ? RE2JS.CASE_INSENSITIVE : 0) | (regex.flags.includes("m") ? RE2JS.MULTILINE : 0);
    pattern = RE2JS.compile(regex.source, flags);
    compiled.set(regex, pattern);
  }
  return pattern;
}

/** Why RE2 cannot run `regex` (a backreference, a lookaround), or undefined when it can. */
export function unsupportedRegex(regex: RegExp): string | undefined {
  try {
    compileLinear(regex);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Every regular expression literal of a JSONata expression's syntax tree. */
export function regexLiterals(node: unknown, found: RegExp[] = [], seen = new Set<object>()): RegExp[] {
  if (node instanceof RegExp) found.push(node);
  else if (typeof node === "object" && node !== null && !seen.has(node)) {
    // The tree's annotations point back at other nodes (JSONata's ancestors): each node is walked once.
    seen.add(node);
    for (const value of Object.values(node as Record<string, unknown>)) regexLiterals(value, found, seen);
  }
  return found;
}
