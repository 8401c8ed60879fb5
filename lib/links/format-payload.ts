export interface FormattedPayload {
  kind: "json" | "text" | "empty";
  text: string;
}

/**
 * A request body as the request log shows it: valid JSON re-indented, anything else as received.
 * The JSON is re-indented token by token rather than parsed and printed again, so values keep their exact
 * spelling (12345678901234567890 stays as sent instead of being rounded by a double; "1e3" stays "1e3").
 */
export function formatPayload(payload: string | null): FormattedPayload {
  if (payload === null || payload.trim() === "") return { kind: "empty", text: "" };
  try {
    JSON.parse(payload);
  } catch {
    return { kind: "text", text: payload };
  }
  return { kind: "json", text: reindentJson(payload.trim()) };
}

function reindentJson(json: string): string {
  let out = "";
  let depth = 0;
  let inString = false;
  const newline = () => `\n${"  ".repeat(depth)}`;
  for (let i = 0; i < json.length; i++) {
    const char = json[i]!;
    if (inString) {
      out += char;
      if (char === "\\") out += json[++i] ?? "";
      else if (char === '"') inString = false;
      continue;
    }
    switch (char) {
      case '"':
        inString = true;
        out += char;
        break;
      case "{":
      case "[": {
        // Empty containers stay on one line.
        const close = char === "{" ? "}" : "]";
        let next = i + 1;
        while (/\s/.test(json[next] ?? "")) next++;
        if (json[next] === close) {
          out += char + close;
          i = next;
        } else {
          depth++;
          out += char + newline();
        }
        break;
      }
      case "}":
      case "]":
        depth--;
        out += newline() + char;
        break;
      case ",":
        out += `,${newline()}`;
        break;
      case ":":
        out += ": ";
        break;
      default:
        if (!/\s/.test(char)) out += char;
    }
  }
  return out;
}
