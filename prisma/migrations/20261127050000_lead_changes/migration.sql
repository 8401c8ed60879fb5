-- A lead's history (issue 24): every change of its status, owner or tags, by whom and when, written in the
-- change's own transaction. The lead page's timeline reads it, merged with notes and submissions; later the
-- lead.updated event's `changes: [{field, from, to}]` (DESIGN.md section 14) is built from the same rows.
CREATE TABLE "lead_changes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "lead_id" UUID NOT NULL,
    -- Who made it: a member (kept null when their account is deleted: "a former member") or an API key.
    "actor_user_id" UUID,
    "actor_key_id" UUID,
    -- 'status', 'owner' or 'tags': the names lead.updated's changes use.
    "field" TEXT NOT NULL,
    -- JSON: the status ("won"), the owner's user id or null, the tags as an array.
    "from_value" JSONB,
    "to_value" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "lead_changes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "lead_changes_field_check" CHECK ("field" IN ('status', 'owner', 'tags'))
);
CREATE INDEX "lead_changes_lead_id_created_at_idx" ON "lead_changes"("lead_id", "created_at");
ALTER TABLE "lead_changes" ADD CONSTRAINT "lead_changes_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "lead_changes" ADD CONSTRAINT "lead_changes_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "lead_changes" ADD CONSTRAINT "lead_changes_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "lead_changes" ADD CONSTRAINT "lead_changes_actor_key_id_fkey" FOREIGN KEY ("actor_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;
