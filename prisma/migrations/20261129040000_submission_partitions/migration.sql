-- Monthly partitions of submissions (DESIGN.md section 17, issue 30). This migration only records the
-- date from which months get partitions of their own: the first day (UTC) of the month after next, so
-- that the conversion has a month at least to run before rows reach it. Every row before it stays where
-- it is, in the existing table, which becomes the partition "submissions_legacy". The conversion itself
-- (a CHECK added NOT VALID then validated, a unique index built CONCURRENTLY, a short swap) cannot run in a
-- migration's transaction without holding the table for the length of a scan: lib/db/submission-partitions.ts
-- runs it right after the migrations, resumably (docs/scaling.md, "Monthly partitions").
CREATE TABLE "submission_partitioning" (
    "id" BOOLEAN NOT NULL DEFAULT true,
    "legacy_until" TIMESTAMPTZ(3) NOT NULL,
    "converted_at" TIMESTAMPTZ(3),
    CONSTRAINT "submission_partitioning_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "submission_partitioning_one_row" CHECK ("id")
);

INSERT INTO "submission_partitioning" ("legacy_until")
VALUES ((date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months') AT TIME ZONE 'UTC');
