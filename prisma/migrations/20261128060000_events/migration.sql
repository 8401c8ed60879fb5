-- Issue 25: domain events (DESIGN.md section 14). A change writes its events in its own transaction (ingest in
-- its one statement); the outbox runner turns each event into its channels' deliveries (webhook_messages,
-- email_messages, whatsapp_messages) and deletes it, in one statement. An event's content is fixed when it is
-- written: `data` holds the lead as the change left it, and for admin and API changes what changed.
-- No foreign keys: an event lives for the moment between its change and its expansion, and a foreign key's
-- check (a share lock on the workspace row) would cost every ingest.
CREATE TABLE "events" (
  "id" UUID NOT NULL,
  "workspace_id" UUID NOT NULL,
  "type" TEXT NOT NULL,
  "lead_id" UUID,
  "submission_id" UUID,
  "capture_link_id" UUID,
  "endpoint_id" UUID,
  "data" JSONB NOT NULL DEFAULT '{}',
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "events_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "events_type_check" CHECK ("type" IN ('lead.created', 'lead.updated', 'lead.erased', 'lead.assigned',
    'lead.response_overdue', 'submission.rejected', 'endpoint.disabled'))
);
CREATE INDEX "events_created_at_idx" ON "events" ("created_at");
CREATE INDEX "events_lead_id_idx" ON "events" ("lead_id");

-- Each delivery names the event it came from; a lead.updated made by a person carries what changed.
ALTER TABLE "webhook_messages" ADD COLUMN "event_id" UUID, ADD COLUMN "changes" JSONB;
ALTER TABLE "email_messages" ADD COLUMN "event_id" UUID;
ALTER TABLE "whatsapp_messages" ADD COLUMN "event_id" UUID;
