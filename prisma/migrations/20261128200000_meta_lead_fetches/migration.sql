-- Issue 28, Meta Lead Ads (DESIGN.md section 15): Meta's webhook names a lead (leadgen_id) and the lead is fetched
-- from the Graph API afterwards, through the outbox's runner (lib/channels/meta-fetch). One row per lead to fetch,
-- written before the webhook is answered 200, so a 200 means the fetch exists. (capture_link_id, leadgen_id) is
-- unique: Meta's resend of the same lead queues nothing new. The row keeps the webhook's ids and the request's
-- metadata (for the submission written when the fetch settles), never the fetched lead: that goes to the
-- submission, where erasure and retention already reach it.
CREATE TABLE "meta_lead_fetches" (
  "id" UUID NOT NULL,
  "workspace_id" UUID NOT NULL,
  "capture_link_id" UUID NOT NULL,
  "leadgen_id" TEXT NOT NULL,
  -- The webhook change's value: leadgen_id, page_id, form_id, ad_id, adgroup_id, created_time.
  "platform" JSONB NOT NULL,
  "ip" TEXT,
  "user_agent" TEXT,
  -- "pending" (to fetch), "stored" (its submission written: created, updated or rejected by the pipeline), "failed"
  -- (the fetch failed for good: a rejected submission source_fetch_failed).
  "state" TEXT NOT NULL DEFAULT 'pending',
  "attempt_count" INTEGER NOT NULL DEFAULT 0,
  "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "lease_owner" TEXT,
  "lease_expires_at" TIMESTAMPTZ(3),
  "last_error" TEXT,
  "submission_id" UUID,
  "lead_id" UUID,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "settled_at" TIMESTAMPTZ(3),
  CONSTRAINT "meta_lead_fetches_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "meta_lead_fetches_state_check" CHECK ("state" IN ('pending', 'stored', 'failed')),
  CONSTRAINT "meta_lead_fetches_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "meta_lead_fetches_capture_link_id_fkey" FOREIGN KEY ("capture_link_id") REFERENCES "capture_links"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "meta_lead_fetches_capture_link_id_leadgen_id_key" ON "meta_lead_fetches"("capture_link_id", "leadgen_id");
-- The runner's claim reads only the due, pending rows.
CREATE INDEX "meta_lead_fetches_due_idx" ON "meta_lead_fetches"("next_attempt_at") WHERE "state" = 'pending';
CREATE INDEX "meta_lead_fetches_lead_id_idx" ON "meta_lead_fetches"("lead_id");
