import { z } from "zod";
import { ApiKeyInput } from "@/lib/api-keys/api-key-input";
import { LinkAssignmentInput, LinkAssignmentSchema } from "@/lib/assignment/assignment-input";
import { ERROR_CODES, type ErrorCode } from "@/lib/error-codes";
import { CustomFieldInput } from "@/lib/fields/custom-field";
import { publicBaseUrl } from "@/lib/http/public-base-url";
import { leadInputSchema } from "@/lib/leads/lead-input";
import { leadWorkflowPatchSchema } from "@/lib/leads/lead-workflow-input";
import { ApiLeadListQuery } from "@/lib/leads/list-api-leads";
import { LinkFormSettings } from "@/lib/links/link-form-settings";
import { LinkInput } from "@/lib/links/link-input";
import { CampaignReportQuery, CampaignReportSchema } from "@/lib/reports/campaign-report-query";
import { LinkStatsQuery, LinkStatsSchema } from "@/lib/reports/link-stats";
import { WebhookEndpointInput } from "@/lib/webhooks/endpoint-input";
import {
  ErasedLeadSchema,
  FieldIssueSchema,
  FieldSchema,
  IngestResultSchema,
  LeadDetailSchema,
  LeadPageSchema,
  LeadSchema,
  LinkFormSchema,
  LinkSchema,
  MemberListSchema,
  MemberSchema,
  ProblemSchema,
  SubmissionSchema,
  UtmSchema,
  WebhookCreatedSchema,
  WebhookSchema,
} from "./api-schemas";
import { EXAMPLES, problemExample } from "./openapi-examples";

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): `input` for what clients send, `output` for answers. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as Json;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function json(schema: Json, example: unknown, description: string) {
  return { description, content: { "application/json": { schema, example } } };
}

/** The error answers of an operation, grouped by status, one named example per code. */
function problems(...codes: ErrorCode[]): Json {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_CODES[code].status, [...(byStatus.get(ERROR_CODES[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.map((code) => `\`${code}\`: ${ERROR_CODES[code].title}.`).join(" "),
        ...(list.includes("rate_limited") || list.includes("service_unavailable")
          ? { headers: { "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } } } }
          : {}),
        content: {
          "application/problem+json": {
            schema: ref("Problem"),
            examples: Object.fromEntries(list.map((code) => [code, { value: problemExample(code) }])),
          },
        },
      },
    ]),
  );
}

/** What every key-authenticated operation may answer. */
const AUTH_ERRORS: ErrorCode[] = ["unauthorized", "rate_limited", "service_unavailable"];
const WRITE_ERRORS: ErrorCode[] = [...AUTH_ERRORS, "forbidden"];
const BODY_ERRORS: ErrorCode[] = [
  "invalid_json",
  "body_not_object",
  "unsupported_media_type",
  "payload_too_large",
  "validation_failed",
];

function idParameter(what: string) {
  return { name: "id", in: "path", required: true, description: `The ${what}'s id.`, schema: { type: "string", format: "uuid" } };
}

/** A query schema's properties (ApiLeadListQuery's by default) as query parameters. */
function queryParameters(query: z.ZodType = ApiLeadListQuery): Json[] {
  const schema = jsonSchema(query, "input") as { properties: Record<string, Json> };
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: "query", required: false, description, schema: rest };
  });
}

const ERROR_TABLE = (Object.keys(ERROR_CODES) as ErrorCode[])
  .map((code) => `| \`${code}\` | ${ERROR_CODES[code].status} | ${ERROR_CODES[code].summary.replace(/\|/g, "\\|")} |`)
  .join("\n");

const DESCRIPTION = `Leadlink's public ingest endpoint and its management API.

**Authentication.** Management operations take an API key of a workspace: \`Authorization: Bearer llk_…\`.
Owners and admins create keys on the workspace's *API keys* page or with \`leadlink apikey create\`. A \`read\` key may only read; \`write\` keys may also change and erase leads, and create, revoke and delete links, fields and webhooks. A key never does more than the person who created it may do now: when they leave the workspace their keys are refused (401); while they are a member rather than an owner or admin, their write keys may still change leads' status, owner and tags but get 403 \`forbidden\` for the rest. Keys created on the command line keep their scope. A key sees only its own workspace: another workspace's ids are 404.

**Rate limit.** Each key may make 600 requests per minute (the server's \`API_RATE_LIMIT\`); beyond it the answer is 429 \`rate_limited\` with \`Retry-After\`. Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`.

**Pages.** \`GET /api/v1/leads\` answers \`{"data": [...], "nextCursor"}\`; pass \`nextCursor\` back as \`cursor\` until it is null. Pages are in ascending order (by \`createdAt\`, or by \`updatedAt\` with \`updatedAfter\`), so leads that arrive while you page come after your cursor: none is skipped or repeated. To sync, remember the largest \`updatedAt\` you received and ask for \`updatedAfter\` it next time.

**Dry run.** Send a lead to a capture link with the header \`Leadlink-Dry-Run: 1\` to test a form before going live: it is validated and matched as usual, and the answer says what would happen (\`201\` or \`200\`, the lead that would be updated, the warnings, \`"dryRun": true\`), but no lead is written, no webhook fires and no Idempotency-Key is bound. The request appears in the link's request log, marked as a dry run.

\`\`\`sh
curl -s ${"$"}LEADLINK/ingest/cl_… -H 'Content-Type: application/json' -H 'Leadlink-Dry-Run: 1' \\
  -d '{"name":"Ana Souza","email":"ana@example.com"}'
\`\`\`

**Errors** are \`application/problem+json\` (RFC 9457) with a stable \`code\`:

| code | status | meaning |
|---|---|---|
${ERROR_TABLE}
`;

function buildDocument(): Json {
  const write = { security: [{ apiKey: [] }] };
  return {
    openapi: "3.1.0",
    info: { title: "Leadlink API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: publicBaseUrl() }],
    security: [{ apiKey: [] }],
    tags: [
      { name: "Ingest", description: "The public capture endpoint: no key, the capture link's token is the credential." },
      { name: "Leads" },
      { name: "Capture links" },
      { name: "Custom fields" },
      { name: "Members" },
      { name: "Reports", description: "The campaign report and link stats (DESIGN.md section 16)." },
      { name: "Webhooks", description: "REST hooks: Zapier and n8n subscribe with POST and unsubscribe with DELETE." },
      { name: "Document" },
    ],
    paths: {
      "/ingest/{captureLink}": {
        post: {
          tags: ["Ingest"],
          operationId: "ingestLead",
          summary: "Send a lead to a capture link",
          description:
            "Creates the lead (201), or updates the one with the same email or phone (200). Also accepts `text/plain` with a JSON body. `OPTIONS` answers CORS preflight.",
          security: [],
          parameters: [
            {
              name: "captureLink",
              in: "path",
              required: true,
              description: "The capture link's token.",
              schema: { type: "string", pattern: "^cl_[0-9A-Za-z]{22}$" },
            },
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description: "A retry with the same key within 24 h returns the first answer and stores nothing new.",
              schema: { type: "string", maxLength: 255 },
            },
            {
              name: "Leadlink-Dry-Run",
              in: "header",
              required: false,
              description: "`1`: validate and answer what would happen, store no lead (the request is logged as a dry run).",
              schema: { type: "string", enum: ["1"] },
            },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("LeadSubmission"), example: EXAMPLES.leadSubmission } },
          },
          responses: {
            "201": json(ref("IngestResult"), EXAMPLES.ingestCreated, "The lead was created (or, in a dry run, would be)."),
            "200": json(
              ref("IngestResult"),
              EXAMPLES.ingestUpdated,
              "An existing lead was updated (or, in a dry run, would be).",
            ),
            ...problems(
              "invalid_json",
              "body_not_object",
              "capture_link_not_found",
              "capture_link_revoked",
              "origin_not_allowed",
              // A link whose source is a platform (DESIGN.md section 15): the platform's key or signature is wrong.
              "invalid_source_key",
              "invalid_signature",
              "request_timeout",
              "payload_too_large",
              "unsupported_media_type",
              "validation_failed",
              "idempotency_key_reused",
              "rate_limited",
              "internal_error",
              "service_unavailable",
            ),
          },
        },
      },
      "/api/v1/leads": {
        get: {
          tags: ["Leads"],
          operationId: "listLeads",
          summary: "List leads (keyset pages)",
          parameters: queryParameters(),
          responses: {
            "200": json(ref("LeadPage"), EXAMPLES.leadPage, "One page of leads."),
            ...problems(...AUTH_ERRORS, "validation_failed"),
          },
        },
      },
      "/api/v1/leads/{id}": {
        get: {
          tags: ["Leads"],
          operationId: "getLead",
          summary: "Get a lead with its submissions",
          description: 'An erased lead answers `{"id", "erasedAt"}` only.',
          parameters: [idParameter("lead")],
          responses: {
            "200": json(
              { oneOf: [ref("LeadDetail"), ref("ErasedLead")] },
              EXAMPLES.leadDetail,
              "The lead, or what is left of an erased one.",
            ),
            ...problems(...AUTH_ERRORS, "lead_not_found"),
          },
        },
        patch: {
          tags: ["Leads"],
          operationId: "updateLead",
          summary: "Change a lead's status, owner or tags",
          description:
            "Each key is optional: `status`, the owner as `ownerId` (a member's user id) or `ownerEmail` (a member's email, in any case; see `GET /api/v1/members`), not both, null unassigns; `tags` (replaces the list). A change bumps `updatedAt` and emits `lead.updated`; a patch that changes nothing writes nothing. Answers the lead. An `ownerEmail` that no member of the workspace has is 422 `validation_failed` on `ownerEmail`. An erased lead is `lead_erased` (409), and nothing is written.",
          ...write,
          parameters: [idParameter("lead")],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: ref("LeadPatch"),
                example: { status: "contacted", ownerEmail: "marina@example.com", tags: ["vip"] },
              },
            },
          },
          responses: {
            "200": json(ref("Lead"), EXAMPLES.leadPage.data[0], "The lead as it is now."),
            ...problems(...WRITE_ERRORS, "lead_not_found", "member_not_found", "lead_erased", "validation_failed"),
          },
        },
        delete: {
          tags: ["Leads"],
          operationId: "eraseLead",
          summary: "Erase a lead (LGPD)",
          description:
            "Erasure (LGPD, DESIGN.md section 9): removes the person's data from every table that holds it (the lead, its submissions' payloads and request metadata, consent texts, idempotency records, queued and delivered webhook bodies, notes); counts stay; emits `lead.erased`; recorded in the audit log. Erasing an erased lead succeeds again. 204.",
          ...write,
          parameters: [idParameter("lead")],
          responses: { "204": { description: "Erased." }, ...problems(...WRITE_ERRORS, "lead_not_found") },
        },
      },
      "/api/v1/links": {
        get: {
          tags: ["Capture links"],
          operationId: "listLinks",
          summary: "List capture links",
          responses: {
            "200": json(
              { type: "object", properties: { data: { type: "array", items: ref("Link") } }, required: ["data"] },
              { data: [EXAMPLES.linkWithCounters] },
              "The workspace's capture links, newest first.",
            ),
            ...problems(...AUTH_ERRORS),
          },
        },
        post: {
          tags: ["Capture links"],
          operationId: "createLink",
          summary: "Create a capture link",
          ...write,
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("LinkInput"), example: EXAMPLES.linkInput } },
          },
          responses: {
            "201": json(ref("Link"), EXAMPLES.link, "The new link; senders POST leads to its url."),
            ...problems(...WRITE_ERRORS, ...BODY_ERRORS),
          },
        },
      },
      "/api/v1/links/{id}/revoke": {
        post: {
          tags: ["Capture links"],
          operationId: "revokeLink",
          summary: "Revoke a capture link",
          description: "The link answers 410 from now on. Revoking a revoked link changes nothing.",
          ...write,
          parameters: [idParameter("capture link")],
          responses: {
            "200": json(ref("Link"), EXAMPLES.revokedLink, "The revoked link."),
            ...problems(...WRITE_ERRORS, "capture_link_not_found"),
          },
        },
      },
      "/api/v1/links/{id}/form": {
        get: {
          tags: ["Capture links"],
          operationId: "getLinkForm",
          summary: "Get a capture link's form settings",
          description:
            "The form the link's visitors see (DESIGN.md section 12). Until some are set: the workspace's language, name + email + telephone, and the link's consent requirement.",
          parameters: [idParameter("capture link")],
          responses: {
            "200": json(ref("LinkForm"), EXAMPLES.linkForm, "The link's form settings."),
            ...problems(...AUTH_ERRORS, "capture_link_not_found"),
          },
        },
        put: {
          tags: ["Capture links"],
          operationId: "setLinkForm",
          summary: "Replace a capture link's form settings",
          description:
            "Labels, `submitLabel` and `successMessage` left empty take the words of the form's language (a custom field: its label). A `customFields.<name>` key must name an active custom field; a link that requires consent must ask for it. A 422 lists every invalid part by its path (`fields[2].key`, `theme.color`).",
          ...write,
          parameters: [idParameter("capture link")],
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("LinkFormInput"), example: EXAMPLES.linkForm } },
          },
          responses: {
            "200": json(ref("LinkForm"), EXAMPLES.linkForm, "The form settings as stored."),
            ...problems(...WRITE_ERRORS, ...BODY_ERRORS, "capture_link_not_found", "capture_link_revoked"),
          },
        },
      },
      "/api/v1/links/{id}/stats": {
        get: {
          tags: ["Capture links", "Reports"],
          operationId: "getLinkStats",
          summary: "A capture link's traffic per day",
          description:
            "Every day of the period (days of the workspace's zone, zeros included): views of the link's form, leads it created (erased leads excluded), requests rejected with an error and requests caught as spam (dry runs excluded from both). Views are counted per UTC day.",
          parameters: [idParameter("capture link"), ...queryParameters(LinkStatsQuery)],
          responses: {
            "200": json(ref("LinkStats"), EXAMPLES.linkStats, "The link's days."),
            ...problems(...AUTH_ERRORS, "capture_link_not_found", "validation_failed"),
          },
        },
      },
      "/api/v1/reports/campaigns": {
        get: {
          tags: ["Reports"],
          operationId: "getCampaignReport",
          summary: "Leads by campaign, and what became of them",
          description:
            "The leads created in the period (days of the workspace's zone), grouped by their first- or last-touch UTM source (`groupBy=source`), source and medium (`medium`) or source, medium and campaign (`campaign`), most leads first, with the totals. Statuses are the leads' current ones: `contacted` counts leads whose status is contacted, qualified, won or lost; `qualified` qualified or won. `wonRate` is won / leads. `medianFirstResponseMinutes` is the median time from a lead's creation to its first response (a member's first status change away from new, or first note) over the leads answered. `views` is the link's form views on the totals when `captureLinkId` is given, else null. Erased leads are not counted.",
          parameters: queryParameters(CampaignReportQuery),
          responses: {
            "200": json(ref("CampaignReport"), EXAMPLES.campaignReport, "The report."),
            ...problems(...AUTH_ERRORS, "capture_link_not_found", "validation_failed"),
          },
        },
      },
      "/api/v1/links/{id}/assignment": {
        get: {
          tags: ["Capture links"],
          operationId: "getLinkAssignment",
          summary: "Get a capture link's assignment settings",
          description:
            "Round-robin of the leads the link creates among `assignees` (in order; `away` members are skipped), and the response target in minutes (null: none), DESIGN.md section 16.",
          parameters: [idParameter("capture link")],
          responses: {
            "200": json(ref("LinkAssignment"), EXAMPLES.linkAssignment, "The link's assignment settings."),
            ...problems(...AUTH_ERRORS, "capture_link_not_found"),
          },
        },
        patch: {
          tags: ["Capture links"],
          operationId: "setLinkAssignment",
          summary: "Change a capture link's assignment settings",
          description:
            "Keys left out keep their value. `assigneeIds` replaces the rotation, in its order, and must name members of the workspace (`GET /api/v1/members`), else 404 `member_not_found`; a member who leaves the workspace leaves the rotation. A lead the link *creates* gets the next member who is not away, and `lead.assigned` is emitted. `responseTargetMinutes` (1 to 10080, null: none): a lead created since it was set and still `new` past it emits `lead.response_overdue` once, to its owner and the workspace's owners and admins.",
          ...write,
          parameters: [idParameter("capture link")],
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("LinkAssignmentInput"), example: EXAMPLES.linkAssignmentInput } },
          },
          responses: {
            "200": json(ref("LinkAssignment"), EXAMPLES.linkAssignment, "The assignment settings as stored."),
            ...problems(...WRITE_ERRORS, ...BODY_ERRORS, "capture_link_not_found", "capture_link_revoked", "member_not_found"),
          },
        },
      },
      "/api/v1/fields": {
        get: {
          tags: ["Custom fields"],
          operationId: "listFields",
          summary: "List custom fields",
          responses: {
            "200": json(
              { type: "object", properties: { data: { type: "array", items: ref("Field") } }, required: ["data"] },
              { data: [EXAMPLES.field] },
              "The workspace's custom fields, oldest first.",
            ),
            ...problems(...AUTH_ERRORS),
          },
        },
        post: {
          tags: ["Custom fields"],
          operationId: "createField",
          summary: "Create a custom field",
          ...write,
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("FieldInput"), example: EXAMPLES.fieldInput } },
          },
          responses: {
            "201": json(ref("Field"), EXAMPLES.field, "The new field."),
            ...problems(...WRITE_ERRORS, ...BODY_ERRORS),
          },
        },
      },
      "/api/v1/webhooks": {
        get: {
          tags: ["Webhooks"],
          operationId: "listWebhooks",
          summary: "List webhook endpoints",
          responses: {
            "200": json(
              { type: "object", properties: { data: { type: "array", items: ref("Webhook") } }, required: ["data"] },
              { data: [EXAMPLES.webhook] },
              "The workspace's endpoints, oldest first; header values masked.",
            ),
            ...problems(...AUTH_ERRORS),
          },
        },
        post: {
          tags: ["Webhooks"],
          operationId: "createWebhook",
          summary: "Subscribe a webhook endpoint",
          ...write,
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("WebhookInput"), example: EXAMPLES.webhookInput } },
          },
          responses: {
            "201": json(ref("WebhookCreated"), EXAMPLES.webhookCreated, "The endpoint, with its secret (shown once)."),
            ...problems(...WRITE_ERRORS, ...BODY_ERRORS, "capture_link_not_found", "webhook_url_forbidden"),
          },
        },
      },
      "/api/v1/webhooks/{id}": {
        delete: {
          tags: ["Webhooks"],
          operationId: "deleteWebhook",
          summary: "Unsubscribe a webhook endpoint",
          ...write,
          parameters: [idParameter("webhook endpoint")],
          responses: { "204": { description: "Deleted." }, ...problems(...WRITE_ERRORS, "webhook_not_found") },
        },
      },
      "/api/v1/members": {
        get: {
          tags: ["Members"],
          operationId: "listMembers",
          summary: "List the workspace's members",
          description: "Who can own a lead: give a member's `id` as `ownerId` or their `email` as `ownerEmail`.",
          responses: {
            "200": json(ref("MemberList"), EXAMPLES.members, "The workspace's members."),
            ...problems(...AUTH_ERRORS),
          },
        },
      },
      "/api/v1/openapi.json": {
        get: {
          tags: ["Document"],
          operationId: "getOpenApiDocument",
          summary: "This document",
          security: [],
          responses: { "200": json({ type: "object" }, { openapi: "3.1.0" }, "The OpenAPI 3.1 document.") },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", bearerFormat: "llk_…", description: "An API key of the workspace." },
      },
      schemas: {
        LeadSubmission: {
          ...jsonSchema(leadInputSchema("BR"), "input"),
          description: "A lead as senders post it (DESIGN.md section 3). Unknown keys are ignored with a warning.",
        },
        IngestResult: jsonSchema(IngestResultSchema, "output"),
        Lead: jsonSchema(LeadSchema, "output"),
        LeadDetail: jsonSchema(LeadDetailSchema, "output"),
        ErasedLead: jsonSchema(ErasedLeadSchema, "output"),
        LeadPage: jsonSchema(LeadPageSchema, "output"),
        Submission: jsonSchema(SubmissionSchema, "output"),
        Utm: jsonSchema(UtmSchema, "output"),
        Link: jsonSchema(LinkSchema, "output"),
        LinkInput: jsonSchema(LinkInput, "input"),
        LinkForm: jsonSchema(LinkFormSchema, "output"),
        LinkFormInput: jsonSchema(LinkFormSettings, "input"),
        LinkAssignment: jsonSchema(LinkAssignmentSchema, "output"),
        LinkAssignmentInput: jsonSchema(LinkAssignmentInput, "input"),
        Field: jsonSchema(FieldSchema, "output"),
        FieldInput: { ...jsonSchema(CustomFieldInput.out, "input"), description: "`type` defaults to text." },
        Member: jsonSchema(MemberSchema, "output"),
        MemberList: jsonSchema(MemberListSchema, "output"),
        Webhook: jsonSchema(WebhookSchema, "output"),
        WebhookCreated: jsonSchema(WebhookCreatedSchema, "output"),
        WebhookInput: jsonSchema(WebhookEndpointInput, "input"),
        ApiKeyInput: jsonSchema(ApiKeyInput, "input"),
        LeadPatch: jsonSchema(leadWorkflowPatchSchema, "input"),
        CampaignReport: jsonSchema(CampaignReportSchema, "output"),
        LinkStats: jsonSchema(LinkStatsSchema, "output"),
        Problem: jsonSchema(ProblemSchema, "output"),
        FieldIssue: jsonSchema(FieldIssueSchema, "output"),
      },
    },
  };
}

let cached: { base: string; document: Json } | undefined;

/** The OpenAPI 3.1 document, generated from the schemas the handlers use; built once per process (and base URL). */
export function openApiDocument(): Json {
  const base = publicBaseUrl();
  if (cached?.base !== base) cached = { base, document: buildDocument() };
  return cached.document;
}
