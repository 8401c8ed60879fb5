/**
 * HTML built with a tagged template whose every interpolated value is escaped unless it is itself HTML
 * made here: what a lead typed (a name, a consent text, a payload) is always data, never markup.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = Html | string | number | null | undefined | false | Part[];

export function escapeText(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return "";
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(render).join("");
  return escapeText(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let text = strings[0]!;
  values.forEach((value, index) => {
    text += render(value) + strings[index + 1]!;
  });
  return new Html(text);
}
