/**
 * What each ingest error means and what a sender should do: served at /problems/<code>, the problems' `type`.
 * Text between backticks is code (a field, a header, a value): the page renders it as <code>.
 */
export const PROBLEM_DOCS: Record<string, { summary: string; fix: string }> = {
  invalid_json: { summary: "The body could not be parsed as JSON, or one of its objects has the same key twice (`errors` then names it, e.g. `address.city`): a body that two systems could read differently is refused.", fix: "Send a JSON object, e.g. built with `JSON.stringify`, with each key once per object." },
  body_not_object: { summary: "The body is valid JSON but not an object (an array, a string, a number or null).", fix: 'Wrap the lead\'s fields in an object: `{"email": "…"}`.' },
  unsupported_media_type: { summary: "The Content-Type is neither application/json nor text/plain.", fix: "Set `Content-Type: application/json` (`text/plain` with a JSON body also works, e.g. `navigator.sendBeacon`)." },
  payload_too_large: { summary: "The body is larger than 64 KiB.", fix: "Send only the lead's fields; large values belong elsewhere." },
  capture_link_not_found: { summary: "No capture link has this address.", fix: "Copy the capture URL again from the link's page in Leadlink." },
  capture_link_revoked: { summary: "The capture link was revoked and accepts no more leads.", fix: "Create a new link in Leadlink and update the form." },
  origin_not_allowed: { summary: "The link only accepts requests from its allowed origins, and this page's origin is not one of them.", fix: "Add the page's origin (scheme://host[:port]) to the link's allowed origins." },
  method_not_allowed: { summary: "Capture links only accept POST (and OPTIONS for CORS preflight).", fix: 'Send the lead with method `POST`; an HTML form needs `method="post"`.' },
  request_timeout: { summary: "The body did not arrive in time (10 seconds after the request's headers, unless the operator set `INGEST_BODY_TIMEOUT_MS`). No lead was written; the request is in the link's log.", fix: "Send the whole request at once; retry (with an `Idempotency-Key`) if the network was slow." },
  validation_failed: { summary: "One or more fields are invalid; `errors` lists every one with its field, code and message. Nothing was stored.", fix: "Correct the listed fields and send again." },
  idempotency_key_reused: { summary: "The `Idempotency-Key` was already used on this link in the last 24 hours with a different body.", fix: "Use a new key for each new lead; reuse a key only to retry the very same request." },
  rate_limited: { summary: "Too many requests from this client to this link.", fix: "Wait for the number of seconds in `Retry-After`, then retry." },
  service_unavailable: { summary: "The database could not be reached. Nothing was stored.", fix: "Retry after the number of seconds in `Retry-After`; with an `Idempotency-Key` the retry cannot create a duplicate." },
  internal_error: { summary: "An unexpected error occurred. Nothing was stored, and the error was logged.", fix: "Retry later; if it persists, tell the Leadlink operator." },
};
