import { mapTally } from "./native-tally";
import { mapTypeform } from "./native-typeform";
import { MAPPING_PRESETS } from "./presets";

/** A preset's expression in plain TypeScript: its result, or undefined when the input is not of the shape it covers. */
export type NativeEvaluator = (input: Record<string, unknown>) => Record<string, unknown> | undefined;

/**
 * The presets that have a native evaluator, by their expression's exact text. A link keeps its JSONata text (what
 * the admin shows and a user edits); while that text is exactly a preset's, ingest runs the native evaluator
 * instead, since JSONata's cost per request (a promise per path step: ~4.7 ms for Tally's, against ~0.2 ms for a
 * lead's JSON round trip) made a mapping link several times slower than a JSON one (docs/benchmarks.md, issue 28).
 * An edited expression, even by one space, runs JSONata. A preset without an entry here runs JSONata too.
 */
const NATIVE = new Map<string, NativeEvaluator>([
  [MAPPING_PRESETS.tally.expression, mapTally],
  [MAPPING_PRESETS.typeform.expression, mapTypeform],
]);

export function nativePresetEvaluator(expression: string): NativeEvaluator | undefined {
  return NATIVE.get(expression);
}
