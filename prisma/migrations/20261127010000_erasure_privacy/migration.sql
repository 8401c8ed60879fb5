-- Erasure looks through a workspace's rejected and spam requests (linked to no lead) for the person's email,
-- phone or document (lib/privacy/find-rejected-submissions.ts). Without this index that meant reading every
-- workspace's submissions; with it, only that workspace's rejected rows, which are few beside the accepted
-- ones (and only rejected rows are written to it, so ingest of accepted leads does not pay for it).
CREATE INDEX "submissions_rejected_workspace_idx" ON "submissions"("workspace_id")
  WHERE "outcome" IN ('rejected', 'spam') AND "lead_id" IS NULL;

-- Erasure now empties a lead's tags (words about the person, like its notes; and the tagged leads' indexes
-- then hold no erased lead, so lists need not read erased_at from the table to leave them out). Leads erased
-- before keep theirs until this runs once (erased leads are few; a scan of the leads table, once).
UPDATE "leads" SET "tags" = '{}' WHERE "erased_at" IS NOT NULL AND "tags" <> '{}';

-- The dashboard counts a period's leads from the covering leads_workspace_id_created_at_id_idx without reading
-- the table; erased leads are no leads (DESIGN.md section 13), so it takes them off, found here: only erased
-- leads are in this index (erasure writes it; ingest never does), with the columns the dashboard groups by.
CREATE INDEX "leads_erased_workspace_id_created_at_idx" ON "leads"("workspace_id", "created_at")
  INCLUDE ("capture_link_id", "first_utm_source") WHERE "erased_at" IS NOT NULL;
