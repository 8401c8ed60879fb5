import { dryRunSubmission } from "@/lib/ingest/dry-run";
import { ingestSubmission } from "@/lib/ingest/ingest-submission";
import { type CaptureReply, type CaptureRequest, captureMethodNotAllowed, capturePreflight, captureRoute } from "./capture-route";

/**
 * POST /ingest/<capture_link>: a lead as JSON (or an HTML form, on a link that accepts them: then a 303). Creates the lead (201), or updates the one with the same
 * email or phone (200); both answer {leadId, created, warnings}. Errors are problem+json (lib/http/problem.ts).
 * The wrapper resolves the link, reads and checks the body and records rejections; lib/ingest does the rest.
 */
async function capture({ database, link, body, record, warnings }: CaptureRequest): Promise<CaptureReply> {
  if (record.dryRun) {
    // Leadlink-Dry-Run: 1: what would happen, with no lead written (lib/ingest/dry-run.ts).
    const outcome = await dryRunSubmission(database, link, body, record);
    return {
      status: outcome.created ? 201 : 200,
      body: { ...outcome, warnings: [...warnings, ...outcome.warnings], dryRun: true },
    };
  }
  const outcome = await ingestSubmission(database, link, body, record, warnings);
  return {
    status: outcome.created ? 201 : 200,
    body: { leadId: outcome.leadId, created: outcome.created, warnings: outcome.warnings },
    headers: outcome.replayed ? { "Idempotent-Replayed": "true" } : undefined,
    spam: outcome.spam,
  };
}

const POST = captureRoute(capture);

/**
 * The hosted form's post (app/f/[token]): the same capture, taking the form body whatever the link's "accept
 * HTML form posts" setting. Called in-process by lib/capture/hosted-form/submit-hosted-form.ts, never routed.
 */
export const hostedFormCapture = captureRoute(capture, { forms: "always" });

/**
 * The capture endpoint's handlers, by HTTP method. app/ingest/[captureLink]/route.ts exports them to Next.js;
 * the server also calls them without Next.js's router (lib/capture/direct-capture.ts): the same code either way.
 */
export const captureHandlers = {
  POST,
  OPTIONS: capturePreflight,
  GET: captureMethodNotAllowed,
  HEAD: captureMethodNotAllowed,
  PUT: captureMethodNotAllowed,
  PATCH: captureMethodNotAllowed,
  DELETE: captureMethodNotAllowed,
} as const;

export type CaptureMethod = keyof typeof captureHandlers;
