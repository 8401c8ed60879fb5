-- Speed to lead (DESIGN.md section 16): a lead's first response is the first status change away from `new` or
-- the first note, by a member. It is kept on the lead as a rollup that the writes set once, in the transaction
-- of the change or note that is the first response (lib/leads/first-response.ts), so the dashboard and the
-- campaign report read one column instead of joining every lead's history.
ALTER TABLE "leads" ADD COLUMN "first_response_at" TIMESTAMPTZ(3);

-- Backfill from the history kept so far: the earliest status change by a member (not an API key) to a status
-- other than `new`, or the earliest note (notes are only ever written by members).
UPDATE "leads" l SET "first_response_at" = r.at
FROM (
  SELECT lead_id, min(at) AS at FROM (
    SELECT c.lead_id, c.created_at AS at FROM "lead_changes" c
    WHERE c.field = 'status' AND c.actor_user_id IS NOT NULL AND c.to_value IS DISTINCT FROM '"new"'::jsonb
    UNION ALL
    SELECT n.lead_id, n.created_at FROM "lead_notes" n
  ) firsts
  GROUP BY lead_id
) r
WHERE l.id = r.lead_id AND l.first_response_at IS NULL;
