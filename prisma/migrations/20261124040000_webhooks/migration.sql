-- Outbound webhooks (DESIGN.md section 7): endpoints per workspace, a durable outbox of messages written in
-- the ingest transaction, and the log of every delivery attempt. Our own outbox rather than a queue
-- library: see docs/webhooks.md.
CREATE TABLE "webhook_endpoints" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    -- 'webhook' (Standard Webhooks JSON) or 'slack' (a readable message to an incoming-webhook URL).
    "kind" TEXT NOT NULL DEFAULT 'webhook',
    "url" TEXT NOT NULL,
    "events" TEXT[] NOT NULL DEFAULT ARRAY['lead.created', 'lead.updated']::TEXT[],
    -- Empty: every capture link of the workspace.
    "link_ids" UUID[] NOT NULL DEFAULT ARRAY[]::UUID[],
    -- [{"name", "value"}], at most 10.
    "headers" JSONB NOT NULL DEFAULT '[]',
    "description" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "secret" TEXT NOT NULL,
    -- After a rotation the old secret signs too, until previous_secret_expires_at.
    "previous_secret" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    -- Why the endpoint was disabled by Leadlink (410 Gone, too many failures); null when a person did it.
    "disabled_reason" TEXT,
    "disabled_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_endpoints_kind_check" CHECK ("kind" IN ('webhook', 'slack'))
);

-- Ingest looks up the enabled endpoints of a workspace inside its statement.
CREATE INDEX "webhook_endpoints_workspace_id_idx" ON "webhook_endpoints"("workspace_id");

ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_messages" (
    "id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "lead_id" UUID,
    "submission_id" UUID,
    -- 'pending' (waiting for its next attempt), 'delivered' or 'failed'.
    "state" TEXT NOT NULL DEFAULT 'pending',
    -- The body exactly as sent, fixed at the first attempt so that every retry sends the same bytes;
    -- built then rather than in the ingest statement, which stays lean.
    "body" TEXT,
    "test" BOOLEAN NOT NULL DEFAULT false,
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    -- A dispatcher's claim: another instance takes the message over once the lease has expired.
    "lease_owner" TEXT,
    "lease_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),
    CONSTRAINT "webhook_messages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_messages_state_check" CHECK ("state" IN ('pending', 'delivered', 'failed'))
);

-- The dispatcher's scan: only pending messages, oldest due first.
CREATE INDEX "webhook_messages_due_idx" ON "webhook_messages"("next_attempt_at") WHERE "state" = 'pending';
CREATE INDEX "webhook_messages_endpoint_id_created_at_idx" ON "webhook_messages"("endpoint_id", "created_at");

ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_attempts" (
    "id" UUID NOT NULL,
    "message_id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "duration_ms" INTEGER NOT NULL,
    -- The HTTP status, or null when no answer came (refused, timeout, blocked address).
    "status" INTEGER,
    "succeeded" BOOLEAN NOT NULL,
    -- The first 2 KiB of the answer's body.
    "response" TEXT,
    "error" TEXT,
    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "webhook_attempts_message_id_at_idx" ON "webhook_attempts"("message_id", "at");
CREATE INDEX "webhook_attempts_endpoint_id_at_idx" ON "webhook_attempts"("endpoint_id", "at");

ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "webhook_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
