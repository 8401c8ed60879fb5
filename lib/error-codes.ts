/**
 * Every error code Leadlink answers with, and what it means: the HTTP status and title of its problem+json
 * (lib/http/problem.ts), the page at /problems/<code> (its `type`), and the code a form or `leadlink --json`
 * reports. AppError's code is an ErrorCode, so a code missing here does not compile.
 *
 * `ingest` marks the codes of the ingest contract (DESIGN.md section 3), which senders meet; the others come
 * from the admin, the account pages and the command line. Text between backticks is code: the page shows it so.
 */
export const ERROR_CODES = {
  // The ingest contract (DESIGN.md section 3): codes and statuses fixed for integrators.
  invalid_json: {
    status: 400,
    title: "The body is not valid JSON",
    ingest: true,
    summary:
      "The body could not be parsed as JSON, or one of its objects has the same key twice (`errors` then names it, e.g. `address.city`): a body that two systems could read differently is refused.",
    fix: "Send a JSON object, e.g. built with `JSON.stringify`, with each key once per object.",
  },
  body_not_object: {
    status: 400,
    title: "The body is not a JSON object",
    ingest: true,
    summary: "The body is valid JSON but not an object (an array, a string, a number or null).",
    fix: 'Wrap the lead\'s fields in an object: `{"email": "…"}`.',
  },
  unsupported_media_type: {
    status: 415,
    title: "Unsupported media type",
    ingest: true,
    summary: "The Content-Type is neither application/json nor text/plain.",
    fix: "Set `Content-Type: application/json` (`text/plain` with a JSON body also works, e.g. `navigator.sendBeacon`).",
  },
  payload_too_large: {
    status: 413,
    title: "Payload too large",
    ingest: true,
    summary: "The body is larger than 64 KiB.",
    fix: "Send only the lead's fields; large values belong elsewhere.",
  },
  capture_link_not_found: {
    status: 404,
    title: "Capture link not found",
    ingest: true,
    summary: "No capture link has this address.",
    fix: "Copy the capture URL again from the link's page in Leadlink.",
  },
  capture_link_revoked: {
    status: 410,
    title: "Capture link revoked",
    ingest: true,
    summary: "The capture link was revoked and accepts no more leads.",
    fix: "Create a new link in Leadlink and update the form.",
  },
  origin_not_allowed: {
    status: 403,
    title: "Origin not allowed",
    ingest: true,
    summary: "The link only accepts requests from its allowed origins, and this page's origin is not one of them.",
    fix: "Add the page's origin (scheme://host[:port]) to the link's allowed origins.",
  },
  method_not_allowed: {
    status: 405,
    title: "Method not allowed",
    ingest: true,
    summary: "Capture links only accept POST (and OPTIONS for CORS preflight).",
    fix: 'Send the lead with method `POST`; an HTML form needs `method="post"`.',
  },
  request_timeout: {
    status: 408,
    title: "Request timeout",
    ingest: true,
    summary:
      "The body did not arrive in time (10 seconds after the request's headers, unless the operator set `INGEST_BODY_TIMEOUT_MS`), or the connection closed before it ended. No lead was written; the request is in the link's log.",
    fix: "Send the whole request at once; retry (with an `Idempotency-Key`) if the network was slow.",
  },
  validation_failed: {
    status: 422,
    title: "Validation failed",
    ingest: true,
    summary: "One or more fields are invalid; `errors` lists every one with its field, code and message. Nothing was stored.",
    fix: "Correct the listed fields and send again.",
  },
  idempotency_key_reused: {
    status: 422,
    title: "Idempotency key reused",
    ingest: true,
    summary: "The `Idempotency-Key` was already used on this link in the last 24 hours with a different body.",
    fix: "Use a new key for each new lead; reuse a key only to retry the very same request.",
  },
  rate_limited: {
    status: 429,
    title: "Too many requests",
    ingest: true,
    summary: "Too many requests from this client to this link.",
    fix: "Wait for the number of seconds in `Retry-After`, then retry.",
  },
  service_unavailable: {
    status: 503,
    title: "Service unavailable",
    ingest: true,
    summary: "The database could not be reached. Nothing was stored.",
    fix: "Retry after the number of seconds in `Retry-After`; with an `Idempotency-Key` the retry cannot create a duplicate.",
  },
  // HTML forms and captcha (DESIGN.md section 11).
  invalid_form: {
    status: 400,
    title: "The form body could not be parsed",
    ingest: true,
    summary:
      "The Content-Type says `application/x-www-form-urlencoded` or `multipart/form-data`, but the body is not such a form (e.g. a multipart body without its boundary).",
    fix: 'Let the browser build the body (`<form method="post">`), or send JSON.',
  },
  captcha_failed: {
    status: 422,
    title: "Captcha failed",
    ingest: true,
    summary:
      "The link requires a captcha, and the request sent no token, or the provider refused it (or, for reCAPTCHA v3, scored it below the link's threshold). Nothing was stored; the request is in the link's log under Spam.",
    fix: "Include the provider's widget in the form (its token field, or `captchaToken` in JSON) and send a fresh token with each request.",
  },
  captcha_unavailable: {
    status: 503,
    title: "Captcha provider unavailable",
    ingest: true,
    summary:
      "The captcha provider did not answer in time or answered with an error, so the token could not be verified. Nothing was stored.",
    fix: "Retry after the number of seconds in `Retry-After`.",
  },
  internal_error: {
    status: 500,
    title: "Internal error",
    ingest: true,
    summary: "An unexpected error occurred. Nothing was stored, and the error was logged.",
    fix: "Retry later; if it persists, tell the Leadlink operator.",
  },

  // Lead sources (DESIGN.md section 15): a platform's request that does not prove it comes from the platform.
  invalid_source_key: {
    status: 403,
    title: "Invalid source key",
    ingest: true,
    summary:
      "The request's key (Google Ads' `google_key`) is not the key of this capture link, so it may not come from the platform the link was made for. Nothing was stored.",
    fix: "Copy the key shown on the capture link's page into the platform (in Google Ads: the lead form's webhook integration, \"Key\"), then send a test lead.",
  },
  // Signing in and permissions.
  unauthorized: {
    status: 401,
    title: "Sign in required",
    ingest: false,
    summary: "The request needs a signed-in user, and its session has ended or never began.",
    fix: "Sign in again, then repeat what you were doing.",
  },
  forbidden: {
    status: 403,
    title: "Forbidden",
    ingest: false,
    summary:
      "You are signed in, but your role in this workspace does not allow this (e.g. only owners and admins manage members).",
    fix: "Ask an owner of the workspace to do it, or to give you the role it needs.",
  },
  wrong_password: {
    status: 403,
    title: "Wrong password",
    ingest: false,
    summary: "The current password given to confirm a change is not the account's password. Nothing was changed.",
    fix: "Type your current password again; if you forgot it, an owner or admin of your workspace (or `leadlink user set-password`) can reset it.",
  },
  too_many_attempts: {
    status: 429,
    title: "Too many attempts",
    ingest: false,
    summary: "Too many wrong passwords in a short time: further attempts are refused for a while.",
    fix: "Wait the number of minutes the message gives, then try again.",
  },

  // Records the admin or the command line named that do not exist in the workspace.
  not_found: {
    status: 404,
    title: "Not found",
    ingest: false,
    summary: "The workspace does not exist, or you are not one of its members.",
    fix: "Check the address; pick the workspace from the switcher at the top of the admin.",
  },
  workspace_not_found: {
    status: 404,
    title: "Workspace not found",
    ingest: false,
    summary: "No workspace has the slug given on the command line.",
    fix: "List the workspaces with `leadlink workspace list` and use one of their slugs.",
  },
  lead_not_found: {
    status: 404,
    title: "Lead not found",
    ingest: false,
    summary: "No lead has this id in this workspace.",
    fix: "Copy the lead's id again from the leads page or `npx leadlink lead list`.",
  },
  submission_not_found: {
    status: 404,
    title: "Request not found",
    ingest: false,
    summary: "No spam entry has this id in this link's request log.",
    fix: "Reload the link's page and open the Spam tab again.",
  },
  already_released: {
    status: 409,
    title: "Already marked as not spam",
    ingest: false,
    summary: "This spam entry was already marked as not spam, and the lead was created from it then.",
    fix: "Reload the link's page: the entry links to its lead.",
  },
  field_not_found: {
    status: 404,
    title: "Custom field not found",
    ingest: false,
    summary: "No custom field has this id in this workspace.",
    fix: "Reload the fields page and try again.",
  },
  alias_not_found: {
    status: 404,
    title: "Former label not found",
    ingest: false,
    summary: "The custom field has no such former label (it was already removed).",
    fix: "Reload the fields page to see the field's current former labels.",
  },
  user_not_found: {
    status: 404,
    title: "User not found",
    ingest: false,
    summary: "No user has this email address.",
    fix: "Create the user first (`leadlink user create`, or give a password when adding a member).",
  },
  invitation_not_found: {
    status: 404,
    title: "Invitation not found",
    ingest: false,
    summary: "No pending invitation has this id in this workspace: it was accepted, revoked, or belongs to another workspace.",
    fix: "Reload the members page to see the pending invitations.",
  },
  member_not_found: {
    status: 404,
    title: "Member not found",
    ingest: false,
    summary: "This person is not a member of this workspace (any more).",
    fix: "Reload the members page to see who belongs to the workspace now.",
  },

  // Conflicts with what is already stored.
  lead_erased: {
    status: 409,
    title: "Lead erased",
    ingest: false,
    summary:
      "The lead was erased (LGPD): it keeps only its id and when it was erased, and its status, owner, tags and notes can no longer be changed.",
    fix: "Nothing to do for this lead. If the person comes back, their next request creates a new lead.",
  },
  email_taken: {
    status: 409,
    title: "Email taken",
    ingest: false,
    summary: "Another user already has this email address.",
    fix: "Use another address, or add the existing user to the workspace instead.",
  },
  slug_taken: {
    status: 409,
    title: "Slug taken",
    ingest: false,
    summary: "Another workspace already uses this slug (the name in its addresses).",
    fix: "Choose another slug.",
  },
  already_member: {
    status: 409,
    title: "Already a member",
    ingest: false,
    summary: "This person already belongs to the workspace.",
    fix: "Change their role on the members page instead.",
  },
  last_owner: {
    status: 409,
    title: "Last owner",
    ingest: false,
    summary: "A workspace needs at least one owner: its last owner cannot be removed or demoted.",
    fix: "Make someone else an owner first.",
  },
  already_set_up: {
    status: 409,
    title: "Already set up",
    ingest: false,
    summary: "Leadlink already has its first user; the setup page only runs once.",
    fix: "Sign in instead.",
  },

  // The command line.
  usage_error: {
    status: 400,
    title: "Usage error",
    ingest: false,
    summary: "The command line was not understood: an unknown command or option, or a missing or malformed value.",
    fix: "Run the command with `--help` to see its usage.",
  },
  workspace_required: {
    status: 400,
    title: "Workspace required",
    ingest: false,
    summary: "Several workspaces exist, so the command cannot guess which one to use.",
    fix: "Name one with `--workspace SLUG`.",
  },
  data_dir_in_use: {
    status: 409,
    title: "Data directory in use",
    ingest: false,
    summary: "Another process owns the embedded database in `DATA_DIR`; only one process can open it.",
    fix: "Stop that process, or set `DATA_DIR` to another directory.",
  },
  backup_not_found: {
    status: 404,
    title: "Backup not found",
    ingest: false,
    summary: "No backup file exists at the path given to `leadlink restore`.",
    fix: "Check the path given with `--from`.",
  },
  backup_invalid: {
    status: 400,
    title: "Backup invalid",
    ingest: false,
    summary: "The file is not a whole Leadlink backup (cut short, or not made by `leadlink backup`).",
    fix: "Restore from another backup, made by `leadlink backup --to FILE`.",
  },
  backup_version_mismatch: {
    status: 409,
    title: "Backup from another version",
    ingest: false,
    summary: "The backup was written by a version of Leadlink whose database schema differs from this one's.",
    fix: "Restore with the version of Leadlink that made the backup, or migrate both to the same version first.",
  },
  restore_target_not_empty: {
    status: 409,
    title: "Restore target not empty",
    ingest: false,
    summary: "The database to restore into already holds data.",
    fix: "Restore into an empty database, or pass `--replace` to delete what it holds first.",
  },
  email_not_configured: {
    status: 409,
    title: "Email is off",
    ingest: false,
    summary: "This needs email, and the server has no mail server configured (`SMTP_URL` and `MAIL_FROM`).",
    fix: "Set `SMTP_URL` and `MAIL_FROM` and restart, or add the member with a password you pass on yourself.",
  },
  link_expired: {
    status: 410,
    title: "Link expired or already used",
    ingest: false,
    summary: "An invitation or password-reset link works once, for a limited time (24 hours, 1 hour); this one no longer does.",
    fix: "Ask for a new invitation, or for a new reset link on the sign-in page.",
  },
  webhook_not_found: {
    status: 404,
    title: "Webhook endpoint not found",
    ingest: false,
    summary: "No webhook endpoint has this id in this workspace.",
    fix: "Copy the endpoint's id again from `leadlink webhook list`.",
  },
  webhook_message_not_found: {
    status: 404,
    title: "Webhook message not found",
    ingest: false,
    summary: "This webhook endpoint has no message with this id.",
    fix: "Copy the message's id (`msg_…`) again from the endpoint's delivery log or `leadlink webhook deliveries`.",
  },
  webhook_url_forbidden: {
    status: 422,
    title: "Webhook URL not allowed",
    ingest: false,
    summary:
      "The webhook URL's host is, or resolves to, a loopback, private, link-local or unspecified address (such as 127.0.0.1, 10.0.0.0/8 or 169.254.169.254): webhooks may only reach public hosts.",
    fix: "Use a public URL, or set `WEBHOOK_ALLOW_PRIVATE_NETWORKS=1` on the server to allow internal targets.",
  },

  // Lead sources (DESIGN.md section 15): a platform's request to a link whose source is not JSON.
  invalid_signature: {
    status: 403,
    title: "The request's signature is missing or wrong",
    ingest: true,
    summary:
      "The link checks a signature on every request (Meta Lead Ads: `X-Hub-Signature-256` with the app secret; Typeform and Tally: their signature with the link's signing secret) and this request carried none, or one that does not match its body: it may not come from the platform. Nothing was stored.",
    fix: "Paste the same secret on the link as in the platform (Meta: the app secret in the app's Basic settings; Typeform and Tally: the webhook's signing secret), and let the platform send the body as it signed it.",
  },
  mapping_failed: {
    status: 422,
    title: "The link's mapping could not turn the request into a lead",
    ingest: true,
    summary:
      "The link's JSONata expression failed on this request (`errors` names the position in the expression, or the path of the result), took too long, or did not give an object with the lead's fields.",
    fix: "Open the link's Mapping section in the admin, try the expression on the last request received, and correct it.",
  },

  // The management API (DESIGN.md section 8).
  api_key_not_found: {
    status: 404,
    title: "API key not found",
    ingest: false,
    summary: "No API key has this id in this workspace.",
    fix: "List the workspace's keys on its API keys page and use one of their ids.",
  },
  invalid_verify_token: {
    status: 403,
    title: "Invalid verify token",
    ingest: true,
    summary:
      "Meta's subscription check (`GET` with `hub.mode=subscribe`) did not carry the verify token saved on this link, so the challenge is not answered.",
    fix: "Paste the link's verify token into the Verify token box of the app's Webhooks settings in Meta for Developers.",
  },
  source_fetch_failed: {
    status: 502,
    title: "The lead could not be fetched",
    ingest: true,
    summary:
      "Meta announced a lead (its `leadgen_id`), and fetching it from the Graph API failed for good: an error other than a temporary one, or every retry failed. The entry's errors hold the Graph API's message.",
    fix: "Check the link's page access token (it needs `leads_retrieval` and `pages_manage_ads` and must belong to the form's page), then download the lead from Meta's Leads Center.",
  },
  not_implemented: {
    status: 501,
    title: "Not implemented",
    ingest: false,
    summary: "This operation of the management API is documented but not available in this version of Leadlink yet.",
    fix: "Check /api/v1/openapi.json of this server for what it offers; update Leadlink for the rest.",
  },
} as const satisfies Record<string, { status: number; title: string; ingest: boolean; summary: string; fix: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}

export function errorStatus(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}
