-- The leads table's workflow filters (status, owner, tag) combined with each other, with search or with a UTM
-- value, in the table's order, at a million leads (issue 14). leads_workflow_idx (20261124090000) finds the
-- leads of a filter, but not in order: a combination that a walk of the sort index does not fill a page from
-- (won AND google: 1 lead in 120) had to collect every match of both GIN indexes and sort them. These indexes
-- keep the worked-on leads in the sort's order, so such a page walks only the leads of that status, that
-- owner, or with a tag, and keeps the ones that match the rest.
-- Partial, like leads_workflow_idx: ingest creates leads that are new, unowned and untagged, so no ingest
-- insert writes to them; an ingest update writes to them only for a lead someone has worked on.
CREATE INDEX "leads_workspace_id_status_created_at_id_idx" ON "leads"("workspace_id", "status", "created_at" DESC, "id" DESC)
  WHERE "status" <> 'new';
CREATE INDEX "leads_workspace_id_status_name_idx" ON "leads"("workspace_id", "status", ("name" IS NULL), (coalesce(leadlink_fold("name"), '')), "id")
  WHERE "status" <> 'new';
CREATE INDEX "leads_workspace_id_owner_id_created_at_id_idx" ON "leads"("workspace_id", "owner_id", "created_at" DESC, "id" DESC)
  WHERE "owner_id" IS NOT NULL;
CREATE INDEX "leads_workspace_id_owner_id_name_idx" ON "leads"("workspace_id", "owner_id", ("name" IS NULL), (coalesce(leadlink_fold("name"), '')), "id")
  WHERE "owner_id" IS NOT NULL;
-- Tagged leads (a tag filter keeps those carrying its tag, read from the row).
CREATE INDEX "leads_workspace_id_tagged_created_at_id_idx" ON "leads"("workspace_id", "created_at" DESC, "id" DESC)
  WHERE "tags" <> '{}';
CREATE INDEX "leads_workspace_id_tagged_name_idx" ON "leads"("workspace_id", ("name" IS NULL), (coalesce(leadlink_fold("name"), '')), "id")
  WHERE "tags" <> '{}';
