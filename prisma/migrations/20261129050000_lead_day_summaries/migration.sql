-- Day summaries for the campaign report and the dashboard (DESIGN.md sections 6 and 16): at 1,000,000 leads a
-- year both would read every lead of their period (82,000 in 30 days). Closed days (a local day of a zone that
-- ended at least 48 hours ago) are summarised once, lazily, by the readers (lib/dashboard/day-summaries), and
-- rebuilt when a write to one of their leads marks them; the recent days are read live. Ingest pays nothing:
-- it creates leads now, and the triggers below fire only for leads created more than 24 hours earlier.

-- Which days of which zone are summarised, and from what: the snapshot of the statement that built them, so
-- that a mark written by a transaction it did not see makes the day stale. Days without leads have a row too.
CREATE TABLE "lead_day_builds" (
    "workspace_id" UUID NOT NULL,
    "time_zone" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "snapshot" pg_snapshot NOT NULL,
    "built_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "lead_day_builds_pkey" PRIMARY KEY ("workspace_id", "time_zone", "day"),
    CONSTRAINT "lead_day_builds_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE
);

-- The campaign report's day (erased leads left out): per link and first- and last-touch UTM values, the leads
-- by current status and the answered ones' minutes to a first response, as the report's live query computes
-- them (extract(epoch FROM first_response_at - created_at) / 60, as double precision), so that
-- percentile_cont over the unnested arrays gives the live query's medians exactly.
CREATE TABLE "lead_day_report" (
    "workspace_id" UUID NOT NULL,
    "time_zone" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "capture_link_id" UUID,
    "first_utm_source" TEXT,
    "first_utm_medium" TEXT,
    "first_utm_campaign" TEXT,
    "last_utm_source" TEXT,
    "last_utm_medium" TEXT,
    "last_utm_campaign" TEXT,
    "leads" INTEGER NOT NULL,
    "contacted" INTEGER NOT NULL,
    "qualified" INTEGER NOT NULL,
    "won" INTEGER NOT NULL,
    "lost" INTEGER NOT NULL,
    "response_minutes" DOUBLE PRECISION[] NOT NULL,
    CONSTRAINT "lead_day_report_build_fkey" FOREIGN KEY ("workspace_id", "time_zone", "day")
      REFERENCES "lead_day_builds"("workspace_id", "time_zone", "day") ON DELETE CASCADE
);
CREATE INDEX "lead_day_report_workspace_id_time_zone_day_idx" ON "lead_day_report"("workspace_id", "time_zone", "day");

-- The dashboard's day (erased leads left out): per owner, link and raw first-touch UTM source, the leads by
-- current status, the answered ones, the response buckets and the answered ones' minutes (as above).
CREATE TABLE "lead_day_dashboard" (
    "workspace_id" UUID NOT NULL,
    "time_zone" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "owner_id" UUID,
    "capture_link_id" UUID,
    "first_utm_source" TEXT,
    "leads" INTEGER NOT NULL,
    "new" INTEGER NOT NULL,
    "contacted" INTEGER NOT NULL,
    "qualified" INTEGER NOT NULL,
    "won" INTEGER NOT NULL,
    "lost" INTEGER NOT NULL,
    "answered" INTEGER NOT NULL,
    "within5" INTEGER NOT NULL,
    "within15" INTEGER NOT NULL,
    "within60" INTEGER NOT NULL,
    "over60" INTEGER NOT NULL,
    "not_yet" INTEGER NOT NULL,
    "response_minutes" DOUBLE PRECISION[] NOT NULL,
    CONSTRAINT "lead_day_dashboard_build_fkey" FOREIGN KEY ("workspace_id", "time_zone", "day")
      REFERENCES "lead_day_builds"("workspace_id", "time_zone", "day") ON DELETE CASCADE
);
CREATE INDEX "lead_day_dashboard_workspace_id_time_zone_day_idx" ON "lead_day_dashboard"("workspace_id", "time_zone", "day");

-- A write to a lead created more than 24 hours ago: when the lead was created, to the quarter hour (every zone's
-- midnights fall on quarter hours, so every zone's day holding the lead can tell), by which transaction.
-- Append-only, one row per workspace, quarter hour and transaction: a statement that changes many old leads
-- (a bulk action, the seed) writes one mark per quarter hour, not one per lead. A rebuild deletes the marks
-- that every build of their day has seen.
CREATE TABLE "lead_summary_marks" (
    "workspace_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "xid" xid8 NOT NULL,
    CONSTRAINT "lead_summary_marks_pkey" PRIMARY KEY ("workspace_id", "created_at", "xid"),
    CONSTRAINT "lead_summary_marks_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE
);

-- Marks the days of the lead before and after the write. A workspace being deleted (its leads deleted by the
-- cascade) needs no mark: its summaries go with it, and the mark's foreign key would refuse the insert.
CREATE FUNCTION leads_mark_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "lead_summary_marks" ("workspace_id", "created_at", "xid")
    SELECT OLD."workspace_id", date_bin('15 minutes', OLD."created_at", timestamptz '2000-01-01 00:00:00+00'), pg_current_xact_id()
    WHERE EXISTS (SELECT 1 FROM "workspaces" w WHERE w."id" = OLD."workspace_id")
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE'
      AND (NEW."workspace_id", NEW."created_at") IS DISTINCT FROM (OLD."workspace_id", OLD."created_at")) THEN
    INSERT INTO "lead_summary_marks" ("workspace_id", "created_at", "xid")
    SELECT NEW."workspace_id", date_bin('15 minutes', NEW."created_at", timestamptz '2000-01-01 00:00:00+00'), pg_current_xact_id()
    WHERE EXISTS (SELECT 1 FROM "workspaces" w WHERE w."id" = NEW."workspace_id")
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

-- The WHEN clauses are evaluated without calling the function: a lead created now (every lead ingest
-- creates) is false on the first test, and an update that changes no column a summary reads is false too.
CREATE TRIGGER "leads_mark_summaries_insert" AFTER INSERT ON "leads"
  FOR EACH ROW WHEN (NEW."created_at" < clock_timestamp() - interval '24 hours')
  EXECUTE FUNCTION leads_mark_summaries();
CREATE TRIGGER "leads_mark_summaries_update" AFTER UPDATE ON "leads"
  FOR EACH ROW WHEN (
    (OLD."created_at" < clock_timestamp() - interval '24 hours' OR NEW."created_at" < clock_timestamp() - interval '24 hours')
    AND (OLD."status", OLD."owner_id", OLD."capture_link_id", OLD."first_utm_source", OLD."first_utm_medium",
         OLD."first_utm_campaign", OLD."last_utm_source", OLD."last_utm_medium", OLD."last_utm_campaign",
         OLD."first_response_at", OLD."erased_at", OLD."created_at", OLD."workspace_id")
      IS DISTINCT FROM
        (NEW."status", NEW."owner_id", NEW."capture_link_id", NEW."first_utm_source", NEW."first_utm_medium",
         NEW."first_utm_campaign", NEW."last_utm_source", NEW."last_utm_medium", NEW."last_utm_campaign",
         NEW."first_response_at", NEW."erased_at", NEW."created_at", NEW."workspace_id"))
  EXECUTE FUNCTION leads_mark_summaries();
CREATE TRIGGER "leads_mark_summaries_delete" AFTER DELETE ON "leads"
  FOR EACH ROW WHEN (OLD."created_at" < clock_timestamp() - interval '24 hours')
  EXECUTE FUNCTION leads_mark_summaries();
