-- Erasure looks through a workspace's rejected and spam requests (linked to no lead) for the person's email,
-- phone or document (lib/privacy/find-rejected-submissions.ts). Without this index that meant reading every
-- workspace's submissions; with it, only that workspace's rejected rows, which are few beside the accepted
-- ones (and only rejected rows are written to it, so ingest of accepted leads does not pay for it).
CREATE INDEX "submissions_rejected_workspace_idx" ON "submissions"("workspace_id")
  WHERE "outcome" IN ('rejected', 'spam') AND "lead_id" IS NULL;
