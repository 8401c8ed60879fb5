import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@/lib/error-codes";
import type { ErasedLeadJson } from "@/lib/leads/get-lead";
import type { LeadDetailJson, LeadJson } from "@/lib/leads/lead-json";
import { leadStatusSchema } from "@/lib/leads/lead-workflow-input";
import { FORM_LANGUAGES, type LinkFormSettings } from "@/lib/links/link-form-settings";
import { LINK_SOURCES } from "@/lib/links/link-source-settings";
import { ENDPOINT_KINDS, WEBHOOK_EVENTS } from "@/lib/webhooks/endpoint-input";
import { MemberRole } from "@/lib/workspaces/workspace-input";

// The shapes the management API answers with (DESIGN.md sections 3, 4 and 8). The handlers' inputs are the
// domain's own schemas (LinkInput, CustomFieldInput, WebhookEndpointInput, ApiLeadListQuery, the ingest
// body); these describe what comes back, and the OpenAPI document is generated from both (openapi.ts).
// The type checks below keep each one in step with the TypeScript type the handler returns.

const Text = z.string().nullable();
const Instant = z.iso.datetime({ offset: true });

export const FieldIssueSchema = z.object({
  field: z
    .string()
    .describe('The field, as a path ("address.zipCode", a form\'s "fields[2].key"); "body" for the whole request.'),
  code: z.string().describe("A stable code, e.g. invalid_email, required, unknown_field."),
  message: z.string(),
});

export const ProblemSchema = z
  .object({
    type: z.string().describe("The page that explains the code: /problems/<code>."),
    title: z.string(),
    status: z.int(),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    detail: z.string(),
    errors: z.array(FieldIssueSchema).optional().describe("Every invalid field (validation_failed)."),
  })
  .describe("An RFC 9457 problem document (application/problem+json).");

export const UtmSchema = z.object({
  utmSource: Text,
  utmMedium: Text,
  utmCampaign: Text,
  utmContent: Text,
  utmTerm: Text,
});

export const LeadSchema = z.object({
  id: z.uuid(),
  email: Text.describe("Lower-cased."),
  name: Text,
  telephone: Text.describe("Canonical E.164 digits with country code."),
  document: Text.describe("CPF or CNPJ digits (an alphanumeric CNPJ upper-cased), no punctuation."),
  profession: Text,
  city: Text,
  state: Text,
  instagram: Text,
  birthday: Text.describe("YYYY-MM-DD."),
  address: z.record(z.string(), z.unknown()).describe("The address subfields that were sent."),
  firstTouch: UtmSchema,
  lastTouch: UtmSchema,
  customFields: z.record(z.string(), z.unknown()).describe("Values keyed by the custom field's name."),
  status: leadStatusSchema.describe("Where a marketer is with the lead (DESIGN.md section 10)."),
  owner: z
    .object({ id: z.uuid(), email: z.string(), name: z.string().nullable() })
    .nullable()
    .describe("The member who owns the lead, or null."),
  tags: z.array(z.string()),
  createdAt: Instant,
  updatedAt: Instant,
});

export const SubmissionSchema = z.object({
  id: z.uuid(),
  outcome: z.enum(["created", "updated", "rejected", "spam"]),
  receivedAt: Instant,
  captureLinkId: z.uuid(),
  payload: z.unknown().describe("The body as sent: parsed when it is JSON."),
  warnings: z.array(z.unknown()),
});

export const LeadDetailSchema = LeadSchema.extend({ submissions: z.array(SubmissionSchema).describe("Oldest first.") });

export const ErasedLeadSchema = z
  .object({ id: z.uuid(), erasedAt: Instant.describe("When the lead was erased.") })
  .describe("An erased lead (LGPD): only its id and when it was erased (DESIGN.md section 13).");

export const LeadPageSchema = z.object({
  data: z.array(LeadSchema),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
});

export const LinkSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  token: z.string().describe('The public credential in the capture URL: "cl_" + 22 base62 characters.'),
  url: z.string().describe("Where senders POST leads."),
  status: z.enum(["active", "revoked"]),
  allowedOrigins: z.array(z.string()).describe("Empty: any origin may post."),
  rateLimit: Text.describe("The link's own limit, e.g. \"600/min\"; null: the server's default."),
  honeypotField: Text,
  requireIdentity: z.boolean(),
  source: z.enum(LINK_SOURCES).describe("Where the link's leads come from (DESIGN.md section 15)."),
  sourceSettings: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe("The source's settings, secrets (appSecret, pageAccessToken, signingSecret) masked; null for json."),
  createdAt: Instant,
  revokedAt: Instant.nullable(),
  counters: z
    .object({ accepted: z.int(), rejected: z.int(), lastReceivedAt: Instant.nullable() })
    .optional()
    .describe("Request counters (in lists)."),
});

export const FieldSchema = z.object({
  id: z.uuid(),
  name: z.string().describe("The key senders use in customFields."),
  label: z.string(),
  type: z.enum(["text", "number", "date", "boolean", "select"]),
  options: z.array(z.string()).describe("A select field's allowed values; empty for other types."),
  archived: z.boolean(),
});

export const WebhookSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ENDPOINT_KINDS),
  url: z.string().describe("Empty for a telegram endpoint (the Bot API's address is the server's)."),
  chatId: z.string().optional().describe("A telegram endpoint's chat."),
  botToken: z.string().optional().describe("A telegram endpoint's bot token, masked."),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  linkIds: z.array(z.uuid()).describe("Empty: every capture link."),
  headers: z.array(z.object({ name: z.string(), value: z.string().describe("Masked.") })),
  description: Text,
  enabled: z.boolean(),
  disabledReason: Text,
  createdAt: Instant,
});

export const WebhookCreatedSchema = WebhookSchema.extend({
  secret: z.string().describe("whsec_… : verifies the webhook-signature header (Standard Webhooks). Shown once."),
});

export const MemberSchema = z.object({
  id: z.uuid().describe("The member's user id: what `ownerId` takes."),
  email: z.string().describe("Lower-cased: what `ownerEmail` takes."),
  name: Text,
  role: MemberRole,
});

export const MemberListSchema = z.object({
  data: z.array(MemberSchema).describe("Owners first, then admins, then members, each by email."),
});

export const IngestResultSchema = z.object({
  leadId: z
    .uuid()
    .nullable()
    .describe("The lead created or updated. In a dry run: the lead that would be updated, null when one would be created."),
  created: z.boolean(),
  warnings: z.array(FieldIssueSchema),
  dryRun: z.literal(true).optional().describe("Present (true) when the request was a dry run: nothing was stored."),
});

/** A link's form settings as stored and shown (DESIGN.md section 12): every key present, labels filled in. */
export const LinkFormSchema = z.object({
  language: z.enum(FORM_LANGUAGES),
  title: z.string(),
  description: z.string(),
  fields: z.array(
    z.object({
      key: z
        .string()
        .describe(
          "name, email, telephone, document, profession, city, state, instagram, birthday, address.<sub> or customFields.<name>",
        ),
      label: z.string(),
      help: z.string(),
      required: z.boolean(),
    }),
  ),
  consent: z.object({ text: z.string(), version: z.string(), purposes: z.array(z.string()), required: z.boolean() }).nullable(),
  submitLabel: z.string(),
  successMessage: z.string(),
  successUrl: z.string().nullable(),
  theme: z.object({ color: z.string().describe("#rrggbb"), logoUrl: z.string().nullable() }),
});

export type ApiLead = z.infer<typeof LeadSchema>;

// Compile-time checks: the handlers' types fit the documented shapes.
type Fits<Actual, Documented> = Actual extends Documented ? true : never;
export const SHAPES_FIT: [
  Fits<LeadJson, ApiLead>,
  Fits<LeadDetailJson, z.infer<typeof LeadDetailSchema>>,
  Fits<ErasedLeadJson, z.infer<typeof ErasedLeadSchema>>,
  Fits<LinkFormSettings, z.infer<typeof LinkFormSchema>>,
] = [true, true, true, true];
