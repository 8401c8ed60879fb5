import { ERROR_CODES, type ErrorCode } from "@/lib/error-codes";

// One example per operation of the OpenAPI document (openapi.ts). Realistic values, in the documented shapes.

const LEAD_ID = "0b9e5c1e-7f1a-4c1e-9d55-3f0a7f8a2b10";
const LINK_ID = "5d7c2f4e-1b8a-4e3c-a2d1-9c0b8a7f6e51";
const SUBMISSION_ID = "c3a1e2d4-5f6b-4a7c-8d9e-0f1a2b3c4d5e";
const FIELD_ID = "8f1e2d3c-4b5a-4697-a8b9-c0d1e2f3a4b5";
const WEBHOOK_ID = "e4d3c2b1-a0f9-4e8d-b7c6-b5a4f3e2d1c0";
const AT = "2026-11-24T12:00:00.000Z";

const utm = { utmSource: "google", utmMedium: "cpc", utmCampaign: "black-friday", utmContent: null, utmTerm: null };

const lead = {
  id: LEAD_ID,
  email: "ana@example.com",
  name: "Ana Souza",
  telephone: "5511987654321",
  document: "39053344705",
  profession: "Engenheira",
  city: "São Paulo",
  state: "SP",
  instagram: "anasouza",
  birthday: "1990-05-17",
  address: { street: "Av. Paulista", number: "1000", zipCode: "01310-100" },
  firstTouch: utm,
  lastTouch: utm,
  customFields: { company: "Acme" },
  status: "contacted",
  owner: { id: "5d1f4c2e-8b7a-4e3f-9a10-2b3c4d5e6f70", email: "marina@example.com", name: "Marina Lima" },
  tags: ["vip"],
  createdAt: AT,
  updatedAt: AT,
};

const link = {
  id: LINK_ID,
  name: "Landing page",
  token: "cl_4Jd9sKq2LmN8pR3tV6wXyZ",
  url: "https://leads.example.com/ingest/cl_4Jd9sKq2LmN8pR3tV6wXyZ",
  status: "active",
  allowedOrigins: ["https://www.example.com"],
  rateLimit: null,
  honeypotField: null,
  requireIdentity: false,
  source: "json",
  sourceSettings: null,
  createdAt: AT,
  revokedAt: null,
};

const webhook = {
  id: WEBHOOK_ID,
  kind: "webhook",
  url: "https://hooks.zapier.com/hooks/catch/123/abc/",
  events: ["lead.created", "lead.updated"],
  linkIds: [],
  headers: [{ name: "X-Api-Key", value: "s3••••" }],
  description: "Zapier: new leads to the CRM",
  enabled: true,
  disabledReason: null,
  createdAt: AT,
};

export const EXAMPLES = {
  leadSubmission: {
    name: "Ana Souza",
    email: "ana@example.com",
    telephone: "+55 (11) 98765-4321",
    utmSource: "google",
    customFields: { company: "Acme" },
  },
  ingestCreated: { leadId: LEAD_ID, created: true, warnings: [] },
  ingestUpdated: {
    leadId: LEAD_ID,
    created: false,
    warnings: [
      { field: "coupon", code: "unknown_field", message: "is not a lead field; ignored (kept in the submission record)" },
    ],
  },
  leadPage: { data: [lead], nextCursor: "eyJvIjoiYyIsInQiOiIyMDI2LTExLTI0VDEyOjAwOjAwLjAwMFoiLCJpIjoiMGI5ZSJ9" },
  leadDetail: {
    ...lead,
    submissions: [
      {
        id: SUBMISSION_ID,
        outcome: "created",
        receivedAt: AT,
        captureLinkId: LINK_ID,
        payload: { name: "Ana Souza", email: "ana@example.com" },
        warnings: [],
      },
    ],
  },
  link,
  linkWithCounters: { ...link, counters: { accepted: 42, rejected: 3, lastReceivedAt: AT } },
  revokedLink: { ...link, status: "revoked", revokedAt: AT },
  linkInput: { name: "Landing page", allowedOrigins: ["https://www.example.com"] },
  linkAssignment: {
    linkId: "0b9f3c1e-2a4d-4f6b-8c7d-1e2f3a4b5c6d",
    roundRobin: true,
    assignees: [
      { id: "5d7e8f90-1a2b-4c3d-9e8f-0a1b2c3d4e5f", email: "ana@example.com", name: "Ana Souza", away: false },
      { id: "6e8f9a01-2b3c-4d4e-8f9a-1b2c3d4e5f60", email: "bruno@example.com", name: "Bruno Lima", away: true },
    ],
    responseTargetMinutes: 15,
  },
  linkAssignmentInput: {
    roundRobin: true,
    assigneeIds: ["5d7e8f90-1a2b-4c3d-9e8f-0a1b2c3d4e5f", "6e8f9a01-2b3c-4d4e-8f9a-1b2c3d4e5f60"],
    responseTargetMinutes: 15,
  },
  linkForm: {
    language: "pt-BR",
    title: "Bolos da Ana",
    description: "Encomende o seu bolo: respondemos no mesmo dia.",
    fields: [
      { key: "name", label: "Nome", help: "", required: true },
      { key: "telephone", label: "WhatsApp", help: "Com DDD", required: true },
      { key: "customFields.company", label: "Company", help: "", required: false },
    ],
    consent: {
      text: "Concordo que Bolos da Ana guarde meus dados para entrar em contato sobre a minha solicitação.",
      version: "1",
      purposes: ["contato"],
      required: true,
    },
    submitLabel: "Quero meu bolo",
    successMessage: "Obrigado! Entraremos em contato em breve.",
    successUrl: null,
    theme: { color: "#c2185b", logoUrl: "https://www.example.com/logo.png" },
  },
  field: { id: FIELD_ID, name: "company", label: "Company", type: "text", options: [], archived: false },
  fieldInput: { name: "company", label: "Company", type: "text" },
  webhook,
  webhookInput: {
    url: "https://hooks.zapier.com/hooks/catch/123/abc/",
    events: ["lead.created"],
    headers: [{ name: "X-Api-Key", value: "s3cret" }],
  },
  webhookCreated: { ...webhook, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3CnqMm1YP3o=" },
  campaignReport: {
    rows: [
      {
        key: { source: "google", medium: "cpc", campaign: "black-friday" },
        views: null,
        leads: 120,
        contacted: 80,
        qualified: 30,
        won: 12,
        lost: 20,
        wonRate: 0.1,
        medianFirstResponseMinutes: 14.5,
      },
    ],
    totals: {
      views: null,
      leads: 120,
      contacted: 80,
      qualified: 30,
      won: 12,
      lost: 20,
      wonRate: 0.1,
      medianFirstResponseMinutes: 14.5,
    },
    period: { from: "2026-11-01", to: "2026-11-30", timeZone: "America/Sao_Paulo" },
    groupBy: "campaign",
    touch: "first",
  },
  linkStats: { days: [{ day: "2026-11-27", views: 240, leads: 31, rejected: 2, spam: 5 }] },
  members: {
    data: [
      { id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", email: "bruno@example.com", name: "Bruno Costa", role: "owner" },
      { id: "5d1f4c2e-8b7a-4e3f-9a10-2b3c4d5e6f70", email: "marina@example.com", name: "Marina Lima", role: "member" },
    ],
  },
};

/** A problem document of `code`, as the API answers it. */
export function problemExample(code: ErrorCode) {
  const { status, title, summary } = ERROR_CODES[code];
  return {
    type: `https://leads.example.com/problems/${code}`,
    title,
    status,
    code,
    detail: summary.replace(/`/g, ""),
    ...(code === "validation_failed" && {
      errors: [{ field: "email", code: "invalid_email", message: "must be a valid email address" }],
    }),
  };
}
