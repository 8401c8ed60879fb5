-- Marketers' workflow (DESIGN.md section 10): a lead's status, owner, tags and notes.
CREATE TYPE "lead_status" AS ENUM ('new', 'contacted', 'qualified', 'won', 'lost');

-- Constant defaults: PostgreSQL adds these columns without rewriting the table, even at a million leads.
-- Tags are a text[] on the lead (a filter is one GIN lookup, the CSV and the lead JSON read them with the row,
-- and no join reorders a walked sort index); their canonical spelling lives in lead_tags below.
ALTER TABLE "leads"
  ADD COLUMN "status" "lead_status" NOT NULL DEFAULT 'new',
  ADD COLUMN "owner_id" UUID,
  ADD COLUMN "tags" TEXT[] NOT NULL DEFAULT '{}';

ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The workflow filters (status, owner, tag) as tokens of one GIN index, like leads_facets: a filter on two of
-- them ("won" and owned by Ana) intersects their posting lists inside the index, where two B-trees left the
-- planner filtering one's 50,000 rows by the other (measured at 2M leads: 570 ms -> see the README). Tags are
-- tokens in lower case, so a filter matches any spelling. Partial: ingest creates leads that are new, unowned
-- and untagged, so no ingest insert writes to it; it holds only the leads someone worked on. The common values
-- ("new", unassigned) are found walking a sort index (lib/leads/select-lead-rows.ts), not through it.
CREATE FUNCTION leads_workflow_facets(status "lead_status", owner_id uuid, tags text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ARRAY['status:' || status::text, 'owner:' || coalesce(owner_id::text, '')]
    || ARRAY(SELECT 'tag:' || lower(tag) FROM unnest(tags) AS tag) $$;
CREATE INDEX "leads_workflow_idx" ON "leads" USING gin (leads_workflow_facets("status", "owner_id", "tags"))
  WHERE "status" <> 'new' OR "owner_id" IS NOT NULL OR "tags" <> '{}';

-- A member who leaves a workspace owns none of its leads any more.
CREATE FUNCTION leads_release_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leads" SET "owner_id" = NULL, "updated_at" = now()
  WHERE "workspace_id" = OLD."workspace_id" AND "owner_id" = OLD."user_id";
  RETURN OLD;
END $$;
CREATE TRIGGER "memberships_release_owner" AFTER DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION leads_release_owner();

-- The workspace's tags: one spelling per tag, whatever case it is typed in ("VIP" and "vip" are one tag,
-- spelled as first used), and the list the filter offers without reading every lead.
CREATE TABLE "lead_tags" (
    "workspace_id" UUID NOT NULL,
    -- lower(name): what makes two spellings one tag.
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "lead_tags_pkey" PRIMARY KEY ("workspace_id", "key")
);
ALTER TABLE "lead_tags" ADD CONSTRAINT "lead_tags_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "lead_notes" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "lead_id" UUID NOT NULL,
    -- Kept when the author's account is deleted: the note stays, "by a former member".
    "author_id" UUID,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "lead_notes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "lead_notes_lead_id_created_at_idx" ON "lead_notes"("lead_id", "created_at");
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
