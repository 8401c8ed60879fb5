-- Issue 29, part 2 (DESIGN.md section 16): round-robin assignment per link, members away, response targets.
ALTER TABLE "memberships" ADD COLUMN "away" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "capture_links" ADD COLUMN "round_robin" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "response_target_minutes" INTEGER,
  ADD COLUMN "response_target_since" TIMESTAMPTZ(3);

ALTER TABLE "leads" ADD COLUMN "response_overdue_at" TIMESTAMPTZ(3);

-- The members a link rotates through. The foreign key to the membership removes a member who leaves.
CREATE TABLE "link_assignees" (
    "capture_link_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    CONSTRAINT "link_assignees_pkey" PRIMARY KEY ("capture_link_id", "user_id")
);
CREATE UNIQUE INDEX "link_assignees_capture_link_id_position_key" ON "link_assignees"("capture_link_id", "position");
CREATE INDEX "link_assignees_workspace_id_user_id_idx" ON "link_assignees"("workspace_id", "user_id");
ALTER TABLE "link_assignees" ADD CONSTRAINT "link_assignees_capture_link_id_fkey" FOREIGN KEY ("capture_link_id") REFERENCES "capture_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "link_assignees" ADD CONSTRAINT "link_assignees_membership_fkey" FOREIGN KEY ("workspace_id", "user_id") REFERENCES "memberships"("workspace_id", "user_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One row per link with a rotation: ingest's UPDATE ... RETURNING on it serialises the link's new leads.
CREATE TABLE "link_rotations" (
    "capture_link_id" UUID NOT NULL,
    "last_position" INTEGER NOT NULL DEFAULT -1,
    CONSTRAINT "link_rotations_pkey" PRIMARY KEY ("capture_link_id")
);
ALTER TABLE "link_rotations" ADD CONSTRAINT "link_rotations_capture_link_id_fkey" FOREIGN KEY ("capture_link_id") REFERENCES "capture_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The response-target check of the outbox runner's tick (lib/assignment/detect-overdue-leads.ts): per link with
-- a target, its leads still new and not yet announced, by age. Small: a lead leaves it once answered or announced.
CREATE INDEX "leads_response_due_idx" ON "leads"("capture_link_id", "created_at")
  WHERE "status" = 'new' AND "response_overdue_at" IS NULL AND "erased_at" IS NULL;

-- A WhatsApp message's template (WHATSAPP_ASSIGNED_TEMPLATE, WHATSAPP_OVERDUE_TEMPLATE); null: WHATSAPP_TEMPLATE.
ALTER TABLE "whatsapp_messages" ADD COLUMN "template" TEXT;

-- The two new emails: an assignment's (to the assignee) and a missed response target's (owner and admins).
ALTER TABLE "email_messages" DROP CONSTRAINT "email_messages_kind_check";
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_kind_check"
  CHECK ("kind" IN ('new_lead', 'lead_assigned', 'response_overdue', 'digest', 'endpoint_disabled', 'invitation', 'password_reset'));
