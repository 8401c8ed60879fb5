import type { FieldIssue } from "@/lib/errors";
import { REMOTE_ADDRESS_HEADER } from "@/lib/http/request-meta";
import { DRY_RUN_HEADER } from "@/lib/ingest/dry-run";
import { hostedFormCapture } from "../capture-handlers";
import { httpAddress } from "../form-redirect";
import { CAPTCHA_TOKEN_KEYS } from "../html-forms/read-submission-body";
import { CAME_FROM_INPUT, type HostedFormState, LANDING_URL_INPUT } from "./hosted-form-state";
import type { HostedForm } from "./load-hosted-form";

/** The outcome of a post: the state the page shows, or the link's success URL to send the browser to. */
export type HostedFormOutcome = { state: HostedFormState } | { redirectTo: string };

/** Headers of the visitor's request that the capture endpoint reads: who sent it (log, rate limit), nothing else. */
const FORWARDED = ["user-agent", "x-forwarded-for", REMOTE_ADDRESS_HEADER, "accept-language"];

/** `consent.granted` and `consent` are both the checkbox; anything else keeps its key. */
function fieldOf(issue: FieldIssue): string {
  return issue.field === "consent.granted" ? "consent" : (issue.field ?? "");
}

/**
 * A post of the hosted form, through the capture endpoint's own pipeline (rate limit, revocation, captcha,
 * honeypot, validation, the request log), in process: the link's "accept HTML form posts" setting does not
 * apply, because the endpoint at /ingest/<token> never sees this request; over HTTP, that setting still
 * decides (docs/forms.md). The landing URL becomes the submission's referer (the page the lead came from).
 */
export async function submitHostedForm(
  form: HostedForm,
  entries: [string, string][],
  incoming: Headers,
): Promise<HostedFormOutcome> {
  const fields = entries.filter(
    ([name]) => !name.startsWith("$ACTION") && name !== LANDING_URL_INPUT && name !== CAME_FROM_INPUT,
  );
  const missing = missingAnswers(form, fields);
  const landing = httpAddress(entries.find(([name]) => name === LANDING_URL_INPUT)?.[1]);
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", accept: "application/json" });
  for (const name of FORWARDED) {
    const value = incoming.get(name);
    if (value) headers.set(name, value);
  }
  if (landing) headers.set("referer", landing);
  // The form's own requirements are not met: nothing may be stored, but the visitor should see every other
  // problem too, so the endpoint checks the rest without writing a lead (a dry run, DESIGN.md section 8).
  if (missing.length > 0) headers.set(DRY_RUN_HEADER, "1");
  const request = new Request(`http://hosted-form.invalid/ingest/${form.token}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
  const response = await hostedFormCapture(request, { params: Promise.resolve({ captureLink: form.token }) });
  if (missing.length > 0) {
    const problem = response.ok ? {} : ((await response.json().catch(() => ({}))) as { errors?: FieldIssue[] });
    const known = new Set(missing.map(fieldOf));
    const others = (problem.errors ?? []).filter((issue) => !known.has(fieldOf(issue)));
    return { state: refused(form, fields, "validation_failed", [...others, ...missing]) };
  }
  if (response.ok) {
    if (form.successUrl) return { redirectTo: form.successUrl };
    return { state: { status: "sent", message: form.successMessage } };
  }
  const problem = (await response.json().catch(() => ({}))) as { code?: string; errors?: FieldIssue[] };
  return { state: refused(form, fields, problem.code ?? "unknown", problem.errors ?? []) };
}

const GRANTED = new Set(["on", "true", "1", "yes"]);

/**
 * What the form's own settings require and the link does not (a field marked required, a consent box the
 * form asks for): the browser checks them first (`required`), this checks them again for a browser that
 * did not; the capture endpoint knows only the link's rules.
 */
function missingAnswers(form: HostedForm, fields: [string, string][]): FieldIssue[] {
  const answered = (name: string) => fields.some(([key, value]) => key === name && value.trim() !== "");
  const issues: FieldIssue[] = form.fields
    .filter((field) => field.required && field.type !== "checkbox" && !answered(field.name))
    .map((field) => ({ field: field.key, code: "required", message: "is required" }));
  const granted = fields.some(([key, value]) => key === "consent[granted]" && GRANTED.has(value.trim().toLowerCase()));
  if (form.consent?.required && !granted)
    issues.push({ field: "consent", code: "consent_required", message: "consent is required" });
  return issues;
}

function refused(form: HostedForm, fields: [string, string][], code: string, issues: FieldIssue[]): HostedFormState {
  const values: Record<string, string[]> = {};
  for (const [name, value] of fields) {
    if (CAPTCHA_TOKEN_KEYS.includes(name) || name === form.honeypotField) continue;
    values[name] = [...(values[name] ?? []), value];
  }
  // A refused captcha is the problem itself ("the anti-spam check failed"), not a field the visitor can correct.
  const errors = issues
    .filter((issue) => issue.field !== "captcha")
    .map((issue) => ({ field: fieldOf(issue), message: form.words.issueOf(issue.code) }));
  return { status: "refused", code, problem: form.words.problemOf(code), errors, values };
}
