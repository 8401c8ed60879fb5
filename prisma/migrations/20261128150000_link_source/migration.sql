-- Issue 28: where a link's leads are born (DESIGN.md section 15). "json" is section 3's own shape; the others are
-- mapped to it by lib/capture/sources before the one pipeline. source_settings holds what the source needs
-- (Google's key, Meta's app secret, page token and verify token, a mapping expression or preset, a signing secret).
ALTER TABLE "capture_links" ADD COLUMN "source" TEXT NOT NULL DEFAULT 'json';
ALTER TABLE "capture_links" ADD COLUMN "source_settings" JSONB;
ALTER TABLE "capture_links" ADD CONSTRAINT "capture_links_source_check"
  CHECK ("source" IN ('json', 'google_ads', 'meta_lead_ads', 'rd_station', 'mapping'));

-- A submission from a source other than "json" keeps, beside the raw body (payload), what the source made of it:
-- {"mapped": <the lead in section 3's shape>, "platform": {<the platform's ids: lead_id, campaign_id, leadgen_id, …>}}.
-- Personal data: cleared with the payload by erasure and retention.
ALTER TABLE "submissions" ADD COLUMN "source_data" JSONB;
