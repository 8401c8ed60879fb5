-- LGPD (DESIGN.md section 9): consent records, "require consent" per link, erasure, retention windows per
-- workspace, and an audit log. See docs/privacy.md.

-- A link may require consent: a request without consent.granted === true is 422 validation_failed.
ALTER TABLE "capture_links" ADD COLUMN "require_consent" BOOLEAN NOT NULL DEFAULT false;

-- How long personal data of the submission log is kept, per workspace (days).
ALTER TABLE "workspaces"
  ADD COLUMN "retention_rejected_payload_days" INTEGER NOT NULL DEFAULT 30,
  ADD COLUMN "retention_request_meta_days" INTEGER NOT NULL DEFAULT 180,
  ADD COLUMN "retention_webhook_attempt_days" INTEGER NOT NULL DEFAULT 30;

-- An erased lead keeps its row (ids, times, link, UTM: the counts and charts stay right) without personal data.
ALTER TABLE "leads" ADD COLUMN "erased_at" TIMESTAMPTZ(3);

-- One immutable row per accepted submission that carried a consent object (written by the ingest statement).
-- Erasure blanks its text and request metadata; nothing else ever updates it.
CREATE TABLE "consent_records" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "lead_id" UUID NOT NULL,
    "submission_id" UUID NOT NULL,
    "granted" BOOLEAN NOT NULL,
    "text" TEXT,
    "version" TEXT,
    "legal_basis" TEXT NOT NULL DEFAULT 'consent',
    "purposes" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "ip" TEXT,
    "user_agent" TEXT,
    "origin" TEXT,
    "referer" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consent_records_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "consent_records_lead_id_created_at_idx" ON "consent_records"("lead_id", "created_at");
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Who did what, when, from where. Never personal data of leads: leads are named by id.
-- workspace_id is null for what is not about one workspace (a sign-in): a workspace's log shows its members' sign-ins.
CREATE TABLE "audit_entries" (
    "id" UUID NOT NULL,
    "workspace_id" UUID,
    "actor_user_id" UUID,
    -- "user", "cli" or "api_key"
    "actor_kind" TEXT NOT NULL DEFAULT 'user',
    -- The API key's id, when one acted.
    "actor_key_id" UUID,
    "action" TEXT NOT NULL,
    "target_type" TEXT,
    "target_id" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "audit_entries_workspace_id_created_at_idx" ON "audit_entries"("workspace_id", "created_at" DESC, "id" DESC);
CREATE INDEX "audit_entries_actor_user_id_created_at_idx" ON "audit_entries"("actor_user_id", "created_at" DESC);
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Retention finds what is past its window without walking the whole log: rejected requests that still have
-- a payload (few rows: only rejected and spam ones are indexed) and requests that still have an IP or user
-- agent (appended in time order, so the index grows at its right edge; purged rows leave it at the next vacuum).
CREATE INDEX "submissions_retention_payload_idx" ON "submissions"("received_at")
  WHERE "payload" IS NOT NULL AND "outcome" IN ('rejected', 'spam');
CREATE INDEX "submissions_retention_meta_idx" ON "submissions"("received_at")
  WHERE "ip" IS NOT NULL OR "user_agent" IS NOT NULL;
CREATE INDEX "webhook_attempts_at_idx" ON "webhook_attempts"("at");
-- Erasure and access requests find a lead's webhook messages.
CREATE INDEX "webhook_messages_lead_id_idx" ON "webhook_messages"("lead_id");
