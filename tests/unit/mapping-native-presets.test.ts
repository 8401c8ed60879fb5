// The mapping presets' native evaluators (lib/capture/sources/mapping/native-presets.ts) against their JSONata
// expressions (presets.ts): on each preset's documented payload and on many generated ones (fast-check), the
// native result is the expression's, key for key and in the same order, or the native evaluator declines
// (undefined) and the expression runs. A link whose expression is edited runs JSONata.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nativePresetEvaluator } from "@/lib/capture/sources/mapping/native-presets";
import { MAPPING_PRESETS } from "@/lib/capture/sources/mapping/presets";
import { compileMapping, evaluateLinkMapping, evaluateMapping } from "@/lib/capture/sources/mapping/run-mapping";
import { isAppError } from "@/lib/errors";
import { tallyPayload, typeformPayload } from "../support/mapping-payloads";

/** The expression's answer as the link's log would keep it (JSON text), or its failure's code. */
const compiled = new Map<string, ReturnType<typeof compileMapping>>();
async function viaJsonata(expression: string, input: Record<string, unknown>): Promise<string> {
  if (!compiled.has(expression)) compiled.set(expression, compileMapping(expression));
  try {
    return JSON.stringify(await evaluateMapping(compiled.get(expression)!, input));
  } catch (error) {
    if (isAppError(error)) return `failed: ${error.code}`;
    throw error;
  }
}

function viaNative(expression: string, input: Record<string, unknown>): string | undefined {
  const result = nativePresetEvaluator(expression)?.(input);
  return result === undefined ? undefined : JSON.stringify(JSON.parse(JSON.stringify(result)));
}

// Tally's payloads (tally.so/help/webhooks): the field types it documents, with the values each one sends, and
// labels that the preset reads (name, company, utm_…) or does not.
const label = fc.oneof(
  fc.constantFrom(
    "Full name",
    "First name",
    "Nome completo",
    "Company name",
    "Empresa",
    "Email",
    "Phone number",
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_content",
    "utm_term",
    "utm_other",
    "ref",
    "Message",
    "Interests (Ads)",
    "",
    "1",
    "constructor",
  ),
  fc.string({ maxLength: 12 }),
);
const key = fc.constantFrom("question_a", "question_b", "question_c", "question_d", "question_e", "question_f", "q");
const optionId = fc.constantFrom("o1", "o2", "o3", "o4");
const options = fc.array(fc.record({ id: optionId, text: fc.constantFrom("Ads", "SEO", "Email", "", "Large") }), {
  maxLength: 4,
});
const scalar = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.constantFrom("a@example.com", "+5511912345678", "Alice", ""),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const file = fc.record(
  {
    url: fc.constantFrom("https://storage.tally.so/a.pdf", ""),
    name: fc.constantFrom("a.pdf", "b.png"),
    mimeType: fc.constant("x"),
  },
  { requiredKeys: [] },
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(optionId, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.array(file, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 3 })), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), scalar, { maxKeys: 2 }) },
);
const type = fc.constantFrom(
  "INPUT_TEXT",
  "INPUT_EMAIL",
  "INPUT_PHONE_NUMBER",
  "INPUT_NUMBER",
  "TEXTAREA",
  "DROPDOWN",
  "MULTIPLE_CHOICE",
  "CHECKBOXES",
  "HIDDEN_FIELDS",
  "FILE_UPLOAD",
  "CALCULATED_FIELDS",
);
const tallyField = fc.record({ key, label, type, value, options }, { requiredKeys: ["key", "label", "type"] });
const tallyInput = fc.record(
  {
    eventId: fc.oneof(fc.uuid(), fc.constant(undefined)),
    eventType: fc.constant("FORM_RESPONSE"),
    data: fc.record(
      {
        responseId: fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null)),
        formId: fc.string({ maxLength: 8 }),
        formName: fc.string({ maxLength: 8 }),
        fields: fc.oneof({ weight: 9, arbitrary: fc.array(tallyField, { maxLength: 12 }) }, { weight: 1, arbitrary: scalar }),
      },
      { requiredKeys: ["fields"] },
    ),
  },
  { requiredKeys: ["data"] },
);

/** The two checks every native preset passes: its documented payloads, and generated ones against JSONata. */
function matchesExpression(
  expression: string,
  documented: Record<string, unknown>[],
  generated: fc.Arbitrary<unknown>,
  numRuns: number,
  atLeast: number,
) {
  it("the documented payload: the native result is the expression's", async () => {
    for (const input of documented) {
      const native = viaNative(expression, input);
      expect(native).toBeDefined();
      expect(native).toBe(await viaJsonata(expression, input));
    }
  });

  it("generated payloads: the native result is the expression's whenever the native evaluator answers", async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(generated, async (input) => {
        const native = viaNative(expression, input as Record<string, unknown>);
        if (native === undefined) return;
        answered++;
        expect(native).toBe(await viaJsonata(expression, input as Record<string, unknown>));
      }),
      { numRuns, seed: 28 },
    );
    // Enough generated payloads are of the platform's shape: the comparison is not vacuous.
    expect(answered).toBeGreaterThan(atLeast);
  }, 120_000);
}

describe("Tally", () => {
  matchesExpression(
    MAPPING_PRESETS.tally.expression,
    [tallyPayload("alice@example.com"), tallyPayload("b@example.com", "r2")],
    tallyInput,
    800,
    300,
  );
});

// Typeform's payloads (developers.typeform.com/webhooks/example-payload): answers of each documented type, the
// definition's titles (or none), hidden fields with UTM and other names, and odd shapes the native evaluator declines.
const tfId = fc.constantFrom("f1", "f2", "f3", "f4", "f5", "");
const tfText = fc.oneof(fc.constantFrom("Laura", "", "a@example.com", "+5511987654321", "2.00"), fc.string({ maxLength: 6 }));
const tfTitle = fc.oneof(
  fc.constantFrom("What is your first name?", "Your name", "Company name", "Nome", "Email", "", "constructor", "1"),
  fc.string({ maxLength: 8 }),
);
const tfRef = fc.constantFrom("readable_ref_short_text", "first_name", "nome_empresa", "ref_email", "", "2");
const tfAnswerType = fc.constantFrom(
  "text",
  "email",
  "phone_number",
  "number",
  "boolean",
  "date",
  "url",
  "file_url",
  "choice",
  "choices",
  "payment",
  "unknown",
);
const tfAnswer = fc.record(
  {
    type: tfAnswerType,
    text: fc.oneof({ weight: 9, arbitrary: tfText }, { weight: 1, arbitrary: fc.integer() }),
    email: tfText,
    phone_number: tfText,
    number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
    boolean: fc.boolean(),
    date: tfText,
    url: tfText,
    file_url: tfText,
    choice: fc.record({ label: tfText, other: tfText }, { requiredKeys: [] }),
    choices: fc.record({ labels: fc.oneof(fc.array(tfText, { maxLength: 3 }), tfText), other: tfText }, { requiredKeys: [] }),
    payment: fc.record({ amount: fc.oneof(tfText, fc.integer()), currency: fc.constant("BRL") }, { requiredKeys: [] }),
    unknown: scalar,
    field: fc.record(
      {
        id: fc.oneof({ weight: 9, arbitrary: tfId }, { weight: 1, arbitrary: fc.integer() }),
        ref: tfRef,
        type: fc.constantFrom("short_text", "long_text", "email", "phone_number", "multiple_choice"),
      },
      { requiredKeys: ["id"] },
    ),
  },
  { requiredKeys: ["type", "field", "text", "email", "phone_number", "number", "boolean", "choice"] },
);
const tfHiddenName = fc.constantFrom(
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
  "user_id",
  "utm",
  "1",
);
const typeformInput = fc.record(
  {
    event_id: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
    event_type: fc.constant("form_response"),
    form_response: fc.record(
      {
        form_id: fc.string({ maxLength: 6 }),
        token: fc.oneof(fc.string({ maxLength: 8 }), fc.constant(null)),
        hidden: fc.oneof(
          { weight: 9, arbitrary: fc.dictionary(tfHiddenName, tfText, { maxKeys: 4 }) },
          { weight: 1, arbitrary: fc.dictionary(tfHiddenName, scalar, { maxKeys: 2 }) },
        ),
        definition: fc.record(
          {
            fields: fc.oneof(
              {
                weight: 9,
                arbitrary: fc.array(
                  fc.record({ id: tfId, title: tfTitle, type: fc.constant("short_text") }, { requiredKeys: ["id"] }),
                  { maxLength: 6 },
                ),
              },
              { weight: 1, arbitrary: scalar },
            ),
          },
          { requiredKeys: [] },
        ),
        answers: fc.oneof({ weight: 9, arbitrary: fc.array(tfAnswer, { maxLength: 8 }) }, { weight: 1, arbitrary: tfAnswer }),
      },
      { requiredKeys: ["answers"] },
    ),
  },
  { requiredKeys: ["form_response"] },
);

describe("Typeform", () => {
  const expression = MAPPING_PRESETS.typeform.expression;
  matchesExpression(
    expression,
    [typeformPayload("alice@example.com"), typeformPayload("b@example.com", "t2")],
    typeformInput,
    1200,
    100,
  );

  it("answers that are no list run the expression", async () => {
    const input = typeformPayload("f@example.com");
    const odd = { ...input, form_response: { ...input.form_response, answers: input.form_response.answers[1] } };
    expect(viaNative(expression, odd)).toBeUndefined();
    expect((await evaluateLinkMapping("native-e", expression, odd)).email).toBe("f@example.com");
  });
});

describe("which links run natively", () => {
  it("only a preset's exact expression; an edited one runs JSONata, with the same answer when it means the same", async () => {
    expect(nativePresetEvaluator(MAPPING_PRESETS.tally.expression)).toBeDefined();
    expect(nativePresetEvaluator(`${MAPPING_PRESETS.tally.expression} `)).toBeUndefined();
    expect(nativePresetEvaluator(`{"email": mail}`)).toBeUndefined();
    const input = tallyPayload("c@example.com");
    const edited = `${MAPPING_PRESETS.tally.expression}\n`;
    expect(JSON.stringify(await evaluateLinkMapping("native-a", edited, input))).toBe(
      JSON.stringify(await evaluateLinkMapping("native-b", MAPPING_PRESETS.tally.expression, input)),
    );
  });

  it("a payload outside the native shape runs the expression (here: data.fields is no list)", async () => {
    const input = {
      data: { responseId: "x", fields: { key: "k", label: "Email", type: "INPUT_EMAIL", value: "d@example.com" } },
    };
    expect(viaNative(MAPPING_PRESETS.tally.expression, input)).toBeUndefined();
    const result = await evaluateLinkMapping("native-c", MAPPING_PRESETS.tally.expression, input);
    expect(result.email).toBe("d@example.com");
  });

  it("Typeform's documented payload maps the same either way", async () => {
    const input = typeformPayload("e@example.com");
    const native = viaNative(MAPPING_PRESETS.typeform.expression, input);
    expect(native).toBe(await viaJsonata(MAPPING_PRESETS.typeform.expression, input));
    expect((await evaluateLinkMapping("native-d", MAPPING_PRESETS.typeform.expression, input)).email).toBe("e@example.com");
  });
});
