/**
 * The Tally preset (./presets.ts, TALLY) in plain TypeScript: the same result as its JSONata expression, key for
 * key and in the same order, for the payloads Tally documents (tally.so/help/webhooks), at a fraction of the cost
 * (JSONata awaits a promise per path step). Anything outside that shape (a field that is not an object, a value
 * that is an object, a label Object.prototype knows, two hidden fields with one label…) gives undefined, and
 * the caller runs the JSONata expression instead: this function never has to copy JSONata's rarer rules.
 * tests/unit/mapping-native-presets.test.ts holds it to the expression on fixtures and generated payloads.
 */

type Json = Record<string, unknown>;

interface TallyField {
  key: string;
  label: string;
  type: string;
  value?: unknown;
  options?: { id: string; text: string }[];
}

/** Beyond this many fields the JSONata expression runs (its own bounds then apply). */
const MAX_FIELDS = 1_000;

function isPlainObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): boolean {
  return (
    value === null ||
    typeof value === "string" ||
    typeof value === "boolean" ||
    (typeof value === "number" && Number.isFinite(value))
  );
}

/** A name JSONata's objects would confuse with an inherited property ("constructor", "__proto__"…). */
function isSafeName(value: unknown): value is string {
  return typeof value === "string" && !(value in Object.prototype);
}

function readOptions(options: unknown): TallyField["options"] | null {
  if (options === undefined) return undefined;
  if (!Array.isArray(options)) return null;
  for (const option of options) {
    if (!isPlainObject(option) || typeof option.id !== "string" || typeof option.text !== "string") return null;
  }
  return options as TallyField["options"];
}

/** A value of the shapes Tally sends: a scalar, a list of option ids (strings), or a list of uploaded files. */
function isTallyValue(value: unknown): boolean {
  if (value === undefined || isScalar(value)) return true;
  if (!Array.isArray(value)) return false;
  if (value.every((item) => typeof item === "string")) return true;
  return value.every(
    (item) =>
      isPlainObject(item) &&
      (item.url === undefined || typeof item.url === "string") &&
      (item.name === undefined || typeof item.name === "string"),
  );
}

function readFields(data: Json): TallyField[] | undefined {
  const fields = data.fields;
  if (!Array.isArray(fields) || fields.length > MAX_FIELDS) return undefined;
  for (const field of fields) {
    if (!isPlainObject(field) || !isSafeName(field.type) || !isSafeName(field.label) || !isSafeName(field.key)) return undefined;
    if (!isTallyValue(field.value) || readOptions(field.options) === null) return undefined;
  }
  return fields as TallyField[];
}

/** A choice's text(s), or an upload's URLs (names when there is no URL), or the value as sent. */
function answerOf(field: TallyField): unknown {
  const { value, options } = field;
  if (options && options.length > 0) {
    const ids = typeof value === "string" ? [value] : Array.isArray(value) ? (value as string[]) : [];
    const texts: string[] = [];
    for (const id of ids) for (const option of options) if (option.id === id) texts.push(option.text);
    return texts.length > 0 ? texts.join(", ") : undefined;
  }
  if (Array.isArray(value) && isPlainObject(value[0])) {
    const parts: string[] = [];
    for (const file of value as Json[]) {
      const part = file.url ? file.url : file.name;
      if (part !== undefined) parts.push(part as string);
    }
    return parts.length > 0 ? parts.join(", ") : undefined;
  }
  return value;
}

const NAME = /name|nome/i;
const COMPANY = /company|empresa/i;

/** The TALLY expression's result for `input`, or undefined when the input is not of the shape this function covers. */
export function mapTally(input: Json): Json | undefined {
  const data = input.data;
  if (!isPlainObject(data)) return undefined;
  const ids = [data.responseId, data.formId, data.formName, input.eventId];
  if (!ids.every((value) => value === undefined || isScalar(value))) return undefined;
  const all = readFields(data);
  if (!all) return undefined;

  const fields = all.filter((field) => !(field.type === "CHECKBOXES" && typeof field.value === "boolean"));
  const hidden = new Map<string, unknown>();
  const hiddenLabels = new Set<string>();
  let email: TallyField | undefined;
  let phone: TallyField | undefined;
  const names: TallyField[] = [];
  for (const field of fields) {
    if (field.type === "HIDDEN_FIELDS") {
      // Two hidden fields with one label make a list in JSONata: left to it.
      if (hiddenLabels.has(field.label)) return undefined;
      hiddenLabels.add(field.label);
      if (field.value !== undefined) hidden.set(field.label, field.value);
    } else if (field.type === "INPUT_EMAIL") email ??= field;
    else if (field.type === "INPUT_PHONE_NUMBER") phone ??= field;
    else if (field.type === "INPUT_TEXT" && NAME.test(field.label) && !COMPANY.test(field.label)) {
      if (field.value !== undefined && typeof field.value !== "string") return undefined;
      names.push(field);
    }
  }
  const used = new Set([email?.key, phone?.key, ...names.map((field) => field.key)]);
  const others = fields.filter(
    (field) =>
      !used.has(field.key) &&
      !(field.type === "HIDDEN_FIELDS" && field.label.startsWith("utm_")) &&
      field.value !== undefined &&
      field.value !== null,
  );
  const nameParts = names.flatMap((field) => (field.value === undefined ? [] : [field.value as string]));

  let customFields: Json | undefined;
  if (others.length > 0) {
    customFields = {};
    for (const field of others) {
      const answer = answerOf(field);
      if (answer !== undefined) customFields[field.label] = answer;
    }
  }
  return {
    name: nameParts.length > 0 ? nameParts.join(" ") : undefined,
    email: email?.value,
    telephone: phone?.value,
    utmSource: hidden.get("utm_source"),
    utmMedium: hidden.get("utm_medium"),
    utmCampaign: hidden.get("utm_campaign"),
    utmContent: hidden.get("utm_content"),
    utmTerm: hidden.get("utm_term"),
    customFields,
    _submissionId: data.responseId,
    _platform: { formId: data.formId, formName: data.formName, eventId: input.eventId, responseId: data.responseId },
  };
}
