-- Issue 26, part 1: views of a link's form per UTC day (POST /ingest/<token>/views). A count only: no cookie,
-- no IP, no user agent (DESIGN.md section 12). One row per link and day, incremented in place.
CREATE TABLE "link_views" (
    "capture_link_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "views" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "link_views_pkey" PRIMARY KEY ("capture_link_id", "day")
);

ALTER TABLE "link_views" ADD CONSTRAINT "link_views_capture_link_id_fkey" FOREIGN KEY ("capture_link_id") REFERENCES "capture_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
