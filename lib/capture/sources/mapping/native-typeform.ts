/**
 * The Typeform preset (./presets.ts, TYPEFORM) in plain TypeScript: the same result as its JSONata expression, key
 * for key and in the same order, for the payloads Typeform documents (developers.typeform.com/webhooks/example-payload).
 * Anything outside that shape (answers that are no list, a field id that is not a string, a value of an answer
 * type this function does not know, a label or hidden name Object.prototype knows, an empty `choices.labels`…)
 * gives undefined, and the caller runs the JSONata expression instead.
 * tests/unit/mapping-native-presets.test.ts holds it to the expression on fixtures and generated payloads.
 */

type Json = Record<string, unknown>;

/** Beyond this many answers or definition fields the JSONata expression runs (its own bounds then apply). */
const MAX_ITEMS = 1_000;

/** The answer types whose value is `$lookup($answer, $answer.type)`, a scalar in Typeform's payloads. */
const LOOKUP_TYPES = new Set(["text", "email", "url", "file_url", "number", "boolean", "date", "phone_number"]);

interface Answer {
  type: string;
  field: { id: string; ref?: string; type?: string };
  raw: Json;
}

function isPlainObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isOptionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === "string";
}

/** A name JSONata's objects would confuse with an inherited property ("constructor", "__proto__"…). */
function isSafeName(value: string): boolean {
  return !(value in Object.prototype);
}

/** Field titles by id (the first field with an id wins, as `[0]` does), or null when the definition is unusual. */
function readTitles(response: Json): Map<string, string | undefined> | null {
  const titles = new Map<string, string | undefined>();
  const definition = response.definition;
  if (definition === undefined) return titles;
  if (!isPlainObject(definition)) return null;
  const fields = definition.fields;
  if (fields === undefined) return titles;
  if (!Array.isArray(fields) || fields.length > MAX_ITEMS) return null;
  for (const field of fields) {
    if (!isPlainObject(field) || typeof field.id !== "string" || !isOptionalString(field.title)) return null;
    if (!titles.has(field.id)) titles.set(field.id, field.title);
  }
  return titles;
}

/** `$value($answer)`, or null when the answer's value is of a shape left to JSONata. */
function answerValue(answer: Answer): unknown {
  const { raw, type } = answer;
  if (type === "choice") {
    const choice = raw.choice;
    if (choice === undefined) return undefined;
    if (!isPlainObject(choice) || !isOptionalString(choice.label) || !isOptionalString(choice.other)) return null;
    return choice.label ? choice.label : choice.other;
  }
  if (type === "choices") {
    const choices = raw.choices;
    if (!isPlainObject(choices) || !isOptionalString(choices.other)) return null;
    const labels = choices.labels;
    if (labels === undefined) return choices.other;
    if (!Array.isArray(labels) || labels.length === 0 || !labels.every((label) => typeof label === "string")) return null;
    return [...labels, ...(choices.other === undefined ? [] : [choices.other])].join(", ");
  }
  if (type === "payment") {
    const payment = raw.payment;
    if (!isPlainObject(payment) || !isOptionalString(payment.amount)) return null;
    return payment.amount;
  }
  if (!LOOKUP_TYPES.has(type)) return null;
  const value = raw[type];
  if (value === undefined || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number" && Number.isFinite(value)) return value;
  return null;
}

function readAnswers(response: Json): Answer[] | undefined {
  const answers = response.answers;
  if (answers === undefined) return [];
  if (!Array.isArray(answers) || answers.length > MAX_ITEMS) return undefined;
  const read: Answer[] = [];
  for (const raw of answers) {
    if (!isPlainObject(raw) || typeof raw.type !== "string") return undefined;
    const field = raw.field;
    if (!isPlainObject(field) || typeof field.id !== "string" || !isOptionalString(field.ref) || !isOptionalString(field.type)) {
      return undefined;
    }
    read.push({ type: raw.type, field: { id: field.id, ref: field.ref, type: field.type }, raw });
  }
  return read;
}

const NAME = /name|nome/;
const COMPANY = /company|empresa/;

/** The TYPEFORM expression's result for `input`, or undefined when the input is not of the shape this function covers. */
export function mapTypeform(input: Json): Json | undefined {
  const response = input.form_response;
  if (!isPlainObject(response)) return undefined;
  const ids = [response.token, response.form_id, input.event_id];
  if (!ids.every(isOptionalString)) return undefined;
  const titles = readTitles(response);
  const answers = readAnswers(response);
  if (!titles || !answers) return undefined;
  const hidden = response.hidden;
  if (hidden !== undefined) {
    if (!isPlainObject(hidden)) return undefined;
    for (const [name, value] of Object.entries(hidden)) if (!isSafeName(name) || typeof value !== "string") return undefined;
  }

  const titleOf = (answer: Answer) => titles.get(answer.field.id);
  const names: Answer[] = [];
  let email: Answer | undefined;
  let phone: Answer | undefined;
  for (const answer of answers) {
    if (answer.type === "text" && answer.field.type === "short_text") {
      const text = `${answer.field.ref ?? ""} ${titleOf(answer) ?? ""}`.toLowerCase();
      if (NAME.test(text) && !COMPANY.test(text)) {
        if (!isOptionalString(answer.raw.text)) return undefined;
        names.push(answer);
      }
    }
    if (answer.type === "email") email ??= answer;
    if (answer.type === "phone_number") phone ??= answer;
  }
  if (email && !isOptionalString(email.raw.email)) return undefined;
  if (phone && !isOptionalString(phone.raw.phone_number)) return undefined;

  const used = new Set([...names, ...(email ? [email] : []), ...(phone ? [phone] : [])].map((answer) => answer.field.id));
  const customFields: Json = {};
  for (const answer of answers) {
    if (used.has(answer.field.id)) continue;
    const title = titleOf(answer);
    const label = title ? title : answer.field.ref ? answer.field.ref : answer.field.id;
    if (!isSafeName(label)) return undefined;
    const value = answerValue(answer);
    if (value === null) return undefined;
    if (value !== undefined) customFields[label] = value;
  }
  if (hidden) for (const [name, value] of Object.entries(hidden)) if (!/^utm_/.test(name)) customFields[name] = value;

  const nameParts = names.flatMap((answer) => (answer.raw.text === undefined ? [] : [answer.raw.text as string]));
  const utm = (hidden ?? {}) as Record<string, string | undefined>;
  return {
    name: nameParts.length > 0 ? nameParts.join(" ") : undefined,
    email: email?.raw.email,
    telephone: phone?.raw.phone_number,
    utmSource: utm.utm_source,
    utmMedium: utm.utm_medium,
    utmCampaign: utm.utm_campaign,
    utmContent: utm.utm_content,
    utmTerm: utm.utm_term,
    customFields,
    _submissionId: response.token,
    _platform: { formId: response.form_id, eventId: input.event_id, token: response.token },
  };
}
