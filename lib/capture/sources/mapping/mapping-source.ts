import type { SourceAdapter, SourceSubmission } from "../source-adapter";
import { mappingSettings } from "./mapping-settings";
import { MAPPING_PRESETS } from "./presets";
import { readMappingInput } from "./read-mapping-input";
import { evaluateLinkMapping } from "./run-mapping";
import { verifySignature } from "./verify-signature";

/**
 * The keys of an expression's result that are not the lead's: the platform's id of the submission (the
 * Idempotency-Key when the request has none: a platform's retry is stored once) and ids kept on the submission.
 */
export function splitMappedResult(result: Record<string, unknown>): SourceSubmission {
  const { _submissionId: submissionId, _platform: platform, ...body } = result;
  const id = typeof submissionId === "string" || typeof submissionId === "number" ? String(submissionId) : "";
  return {
    body,
    platform:
      typeof platform === "object" && platform !== null && !Array.isArray(platform)
        ? (platform as Record<string, unknown>)
        : undefined,
    idempotencyKey: id || undefined,
  };
}

/**
 * `mapping` (DESIGN.md section 15): any JSON or form post, turned into section 3's lead by the link's JSONata
 * expression (a preset's or the admin's own). A preset that signs (Typeform, Tally) has its signature checked
 * when the link has a signing secret. A failing expression is a rejected submission (mapping_failed), logged
 * with the request's body and the expression's error.
 */
export const mappingSource: SourceAdapter = {
  async receive({ link, request, received, keepPayload }) {
    const settings = mappingSettings(link.sourceSettings);
    const scheme = settings.preset ? MAPPING_PRESETS[settings.preset].signature : null;
    if (scheme && settings.signingSecret) verifySignature(scheme, settings.signingSecret, request.headers, received.bytes);
    const { input, logged } = await readMappingInput(received, request.headers.get("content-type") ?? "");
    if (logged !== undefined) keepPayload?.(logged);
    const result = await evaluateLinkMapping(link.id, settings.expression, input);
    return { submissions: [splitMappedResult(result)] };
  },
};
