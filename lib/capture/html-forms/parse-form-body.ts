import { AppError, type FieldIssue } from "@/lib/errors";
import { UTM_KEYS } from "@/lib/leads/lead-keys";

export const FORM_MEDIA_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Deeper brackets than this are not nesting any lead field has: the key is kept whole (and ignored as unknown). */
const MAX_DEPTH = 4;
/** Keys that would reach an object's prototype if they were assigned as properties. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

type Tree = Record<string, unknown>;

export interface ParsedForm {
  /** The fields as the JSON body of section 3 would carry them: `address[city]` → `{address: {city}}`. */
  body: Record<string, unknown>;
  /** Files (ignored) and keys sent more than once (the last value kept). */
  warnings: FieldIssue[];
}

/**
 * A form field's name as a path: `address[city]` → ["address", "city"], `tags[]` → ["tags", ""].
 * A name that is not of that shape is one plain key.
 */
export function fieldPath(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(name);
  if (!match) return [name];
  const segments = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!);
  if (segments.length > MAX_DEPTH) return [name];
  return [match[1]!, ...segments];
}

function child(tree: Tree, key: string): Tree {
  const existing = tree[key];
  if (typeof existing === "object" && existing !== null && !Array.isArray(existing)) return existing as Tree;
  // A scalar sent earlier under the same name gives way to the nested one: the last wins, as for repeated keys.
  const created: Tree = Object.create(null);
  tree[key] = created;
  return created;
}

/** Form names that are lists even without `[]`: a consent's purposes, one checkbox or hidden input each. */
function isList(path: string[]): boolean {
  return path.length === 2 && path[0] === "consent" && path[1] === "purposes";
}

/** Places one value; returns false when the same key already held one (it is then replaced). */
function place(tree: Tree, path: string[], value: string): boolean {
  if (path.some((segment) => UNSAFE_KEYS.has(segment))) return true;
  if (isList(path)) path = [...path, ""];
  const last = path.at(-1)!;
  const parents = path.slice(0, -1);
  if (last === "" && parents.length > 0) {
    // `tags[]`: every value is kept, in order.
    let holder = tree;
    for (const segment of parents.slice(0, -1)) holder = child(holder, segment);
    const key = parents.at(-1)!;
    const list = Array.isArray(holder[key]) ? (holder[key] as unknown[]) : [];
    list.push(value);
    holder[key] = list;
    return true;
  }
  let node = tree;
  for (const segment of parents) node = child(node, segment);
  const fresh = !(last in node);
  node[last] = value;
  return fresh;
}

/**
 * An HTML form's body (urlencoded or multipart, already read within the 64 KiB limit) as the object a JSON
 * body would be. Parsed by the platform (undici's `Response.formData()`), which is safe here because the
 * bytes are already bounded: at most 64 KiB in memory, and so at most a few thousand fields. Text is UTF-8.
 * A key sent more than once keeps its last value (an unticked checkbox after a hidden input, the usual
 * pattern, then reads as the box), except `name[]`, which collects every value in a list. Files are ignored
 * and named in the warnings.
 */
export async function parseFormBody(bytes: Uint8Array, contentType: string): Promise<ParsedForm> {
  const { body, warnings } = await parseFormFields(bytes, contentType);
  readFormConsent(body);
  readFormUtm(body);
  return { body, warnings };
}

/**
 * The form's fields as an object, nested by their bracketed names, as they came: no lead field is read into
 * them (parseFormBody does that). A mapped link's source (lib/capture/sources/mapping) reads a platform's form
 * post so, for its own expression to map.
 */
export async function parseFormFields(bytes: Uint8Array, contentType: string): Promise<ParsedForm> {
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    throw new AppError(
      "invalid_form",
      `The form body could not be parsed: ${(error as Error).message.slice(0, 200)}. Let the browser build it (a <form method="post">), or send JSON.`,
    );
  }
  const tree: Tree = Object.create(null);
  const warnings: FieldIssue[] = [];
  const repeated = new Set<string>();
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") {
      warnings.push({
        field: name,
        code: "file_ignored",
        message: `a file${value.name ? ` (${value.name.slice(0, 100)})` : ""} was sent; files are not stored`,
      });
      continue;
    }
    if (!place(tree, fieldPath(name), value)) repeated.add(name);
  }
  for (const name of repeated) {
    warnings.push({ field: name, code: "repeated_field", message: "was sent more than once; the last value was kept" });
  }
  // A round trip through JSON gives ordinary objects, like a JSON body's (the tree's have no prototype).
  const body = JSON.parse(JSON.stringify(tree)) as Record<string, unknown>;
  return { body, warnings };
}

const GRANTED = new Set(["true", "on", "1", "yes"]);
const NOT_GRANTED = new Set(["false", "off", "0", "no", ""]);

/**
 * A form's `consent[granted]` as the boolean a JSON body carries (DESIGN.md section 12): a checkbox sends
 * `on` when ticked and nothing when not, so absent means not granted. Any other word is left as it came,
 * and the lead's schema names it as an error on `consent.granted`.
 */
function readFormConsent(body: Record<string, unknown>): void {
  const consent = body.consent;
  if (typeof consent !== "object" || consent === null || Array.isArray(consent)) return;
  const fields = consent as Record<string, unknown>;
  const granted = fields.granted;
  if (granted === undefined) fields.granted = false;
  else if (typeof granted === "string") {
    const word = granted.trim().toLowerCase();
    if (GRANTED.has(word)) fields.granted = true;
    else if (NOT_GRANTED.has(word)) fields.granted = false;
  }
}

/**
 * A page's own query names, `utm_source`…`utm_term`, as the lead's `utmSource`…: the hidden inputs of the forms
 * Leadlink gives carry them (a cross-origin Referer has no query). Empty ones are dropped; `utmSource` wins.
 */
function readFormUtm(body: Record<string, unknown>): void {
  for (const key of UTM_KEYS) {
    const param = key.replace(/[A-Z]/, (letter) => `_${letter.toLowerCase()}`);
    if (!Object.hasOwn(body, param)) continue;
    const value = body[param];
    delete body[param];
    if (typeof value === "string" && value.trim() !== "" && body[key] === undefined) body[key] = value;
  }
}
