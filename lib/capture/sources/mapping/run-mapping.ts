import jsonata from "jsonata";
import { LRUCache } from "lru-cache";
import { AppError, type FieldIssue } from "@/lib/errors";
import { BODY_LIMIT } from "@/lib/http/read-body";
import { processSingleton } from "@/lib/process-singleton";
import { LinearRegExp, regexLiterals, unsupportedRegex } from "./linear-regex";
import { nativePresetEvaluator } from "./native-presets";

/**
 * A mapping's JSONata expression (DESIGN.md section 15), compiled once per link and text and run with bounds:
 * JSONata can loop (a recursive function, a huge range), so an evaluation stops after MAPPING_TIMEOUT_MS or
 * MAX_DEPTH nested evaluations (jsonata's own guardrails, checked on every step), its regular expressions run
 * in linear time (./linear-regex.ts: a regex call is one step, which the timeout cannot cut short), and a
 * result larger than the body limit is refused (it is stored with the submission).
 */
export const MAPPING_TIMEOUT_MS = 1_000;
const MAX_DEPTH = 500;
const MAX_SEQUENCE = 10_000;
/** An expression is the admin's text: bounded so that compiling it stays cheap. */
export const MAX_EXPRESSION_LENGTH = 20_000;

type Expression = ReturnType<typeof jsonata>;

/** What a failed compile or evaluation says: the expression's position and token, when JSONata gives them. */
interface JsonataFailure {
  code?: string;
  message?: string;
  position?: number;
  token?: string;
}

function isJsonataFailure(error: unknown): error is JsonataFailure {
  return typeof error === "object" && error !== null && ("code" in error || "position" in error);
}

/** A JSONata error as a field issue of mapping_failed: the field names where the expression failed. */
function failureIssue(error: unknown, phase: "compile" | "evaluate"): FieldIssue {
  if (!isJsonataFailure(error)) {
    return { field: "expression", code: `${phase}_error`, message: String((error as Error)?.message ?? error).slice(0, 300) };
  }
  const where = error.position !== undefined ? `expression@${error.position}` : "expression";
  const token = error.token !== undefined ? ` (at ${JSON.stringify(String(error.token).slice(0, 60))})` : "";
  return {
    field: where,
    code: error.code === "D1012" ? "timeout" : error.code === "D1011" ? "too_deep" : (error.code ?? `${phase}_error`),
    message: `${String(error.message ?? "failed").slice(0, 300)}${token}`,
  };
}

/** The functions Leadlink adds to JSONata's: `$parseJson` reads a JSON text field (Jotform's rawRequest). */
function registerFunctions(expression: Expression): void {
  expression.registerFunction(
    "parseJson",
    (text: unknown) => {
      if (typeof text !== "string") return undefined;
      try {
        return JSON.parse(text);
      } catch {
        return undefined;
      }
    },
    "<s-:x>",
  );
}

/** Compiles an expression, or throws mapping_failed naming where it fails to parse. */
export function compileMapping(text: string): Expression {
  if (text.trim() === "") {
    throw new AppError("mapping_failed", "The link has no mapping expression.", {
      errors: [{ field: "expression", code: "required", message: "is empty" }],
    });
  }
  if (text.length > MAX_EXPRESSION_LENGTH) {
    throw new AppError("mapping_failed", `The mapping expression is longer than ${MAX_EXPRESSION_LENGTH} characters.`, {
      errors: [{ field: "expression", code: "too_long", message: `must be at most ${MAX_EXPRESSION_LENGTH} characters` }],
    });
  }
  let expression: Expression;
  try {
    expression = jsonata(text, {
      timeout: MAPPING_TIMEOUT_MS,
      stack: MAX_DEPTH,
      sequence: MAX_SEQUENCE,
      RegexEngine: LinearRegExp as unknown as RegExpConstructor,
    });
  } catch (error) {
    const issue = failureIssue(error, "compile");
    throw new AppError("mapping_failed", `The mapping expression does not compile: ${issue.message}`, { errors: [issue] });
  }
  for (const regex of regexLiterals(expression.ast())) {
    const reason = unsupportedRegex(regex);
    if (reason === undefined) continue;
    const message = `/${regex.source}/ cannot run in linear time (no backreferences or lookaround): ${reason}`.slice(0, 300);
    throw new AppError("mapping_failed", `The mapping expression does not compile: ${message}`, {
      errors: [{ field: "expression", code: "unsupported_regex", message }],
    });
  }
  registerFunctions(expression);
  return expression;
}

// One compiled expression per link, replaced when the link's expression changes (an edit, another preset).
const compiled = processSingleton(
  "mapping-expressions",
  () => new LRUCache<string, { text: string; expression: Expression }>({ max: 5_000 }),
);

/** The link's compiled expression: compiled on first use and whenever its text is no longer the cached one. */
export function linkMapping(linkId: string, text: string): Expression {
  const cached = compiled.get(linkId);
  if (cached && cached.text === text) return cached.expression;
  const expression = compileMapping(text);
  compiled.set(linkId, { text, expression });
  return expression;
}

function kindOf(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "function") return "a function";
  return `a ${typeof value}`;
}

/**
 * Runs the expression on a request's body and returns the object it gives, as plain JSON. A failure
 * (JSONata error, timeout, a result that is not an object or is too large) is mapping_failed.
 */
export async function evaluateMapping(expression: Expression, input: unknown): Promise<Record<string, unknown>> {
  let result: unknown;
  try {
    // Bindings give each evaluation its own frame: concurrent requests share the compiled expression.
    result = await expression.evaluate(input, {});
  } catch (error) {
    const issue = failureIssue(error, "evaluate");
    throw new AppError("mapping_failed", `The mapping expression failed on this request: ${issue.message}`, {
      errors: [issue],
    });
  }
  return asMappedLead(result);
}

/**
 * A link's mapping on a request's body: a preset's native evaluator when the link's text is exactly the preset's
 * and the body is of the shape it covers (./native-presets.ts), else the compiled JSONata expression. Either way
 * the same checks and the same JSON round trip.
 */
export async function evaluateLinkMapping(
  linkId: string,
  text: string,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const native = nativePresetEvaluator(text)?.(input);
  if (native !== undefined) return asMappedLead(native);
  return evaluateMapping(linkMapping(linkId, text), input);
}

/** An expression's result as the lead's fields: an object, within the body limit, as plain JSON; else mapping_failed. */
function asMappedLead(result: unknown): Record<string, unknown> {
  if (typeof result !== "object" || result === null || Array.isArray(result)) {
    throw new AppError(
      "mapping_failed",
      `The mapping expression must give an object with the lead's fields; it gave ${kindOf(result)}.`,
      {
        errors: [{ field: "$", code: "not_an_object", message: `is ${kindOf(result)}, not an object` }],
      },
    );
  }
  // JSON's own round trip: JSONata's sequences become arrays, functions and undefined values go.
  const json = JSON.stringify(result);
  if (json.length > BODY_LIMIT) {
    throw new AppError("mapping_failed", `The mapping expression's result is larger than ${BODY_LIMIT / 1024} KiB.`, {
      errors: [{ field: "$", code: "too_large", message: `must be at most ${BODY_LIMIT / 1024} KiB as JSON` }],
    });
  }
  return JSON.parse(json) as Record<string, unknown>;
}
