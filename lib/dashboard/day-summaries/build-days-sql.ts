import { Prisma } from "@/lib/db/generated/client";

/** A workspace's days of one zone, `from` to `to` (both included, YYYY-MM-DD). */
export interface DayRange {
  workspaceId: string;
  timeZone: string;
  from: string;
  to: string;
}

/** The instants a range of local days covers: [midnight of `from`, midnight after `to`) in its zone. */
export function rangeBounds(range: DayRange) {
  return {
    start: Prisma.sql`(${range.from}::date::timestamp AT TIME ZONE ${range.timeZone}::text)`,
    end: Prisma.sql`((${range.to}::date + 1)::timestamp AT TIME ZONE ${range.timeZone}::text)`,
  };
}

/**
 * The days of the range that have ended at least 48 hours before now, each with whether its summaries must be
 * (re)built: never built, or a lead of the day was written by a transaction the build's snapshot did not see
 * (a mark whose xid is not visible in it). 48 hours: the summaries of a day are read only once every change
 * to its leads fires the marking trigger (leads created more than 24 hours before the write), with a day's
 * margin for a transaction that was open across that limit.
 */
export function closedDaysSql(range: DayRange) {
  const { workspaceId, timeZone } = range;
  return Prisma.sql`
    WITH days AS (
      SELECT day, (day::timestamp AT TIME ZONE ${timeZone}::text) AS starts,
        ((day + 1)::timestamp AT TIME ZONE ${timeZone}::text) AS ends
      FROM (SELECT ${range.from}::date + i AS day FROM generate_series(0, ${range.to}::date - ${range.from}::date) AS i) listed
    )
    SELECT d.day::text AS day, (b.day IS NULL OR EXISTS (
        SELECT 1 FROM lead_summary_marks m
        WHERE m.workspace_id = ${workspaceId}::uuid AND m.created_at >= d.starts AND m.created_at < d.ends
          AND NOT pg_visible_in_snapshot(m.xid, b.snapshot)
      )) AS stale
    FROM days d
    LEFT JOIN lead_day_builds b ON b.workspace_id = ${workspaceId}::uuid AND b.time_zone = ${timeZone}::text AND b.day = d.day
    WHERE d.ends <= now() - interval '48 hours'
    ORDER BY d.day`;
}

/** Builds of the range's days are deleted with their summaries (foreign keys ON DELETE CASCADE) before a rebuild. */
export function deleteBuildsSql(range: DayRange) {
  return Prisma.sql`
    DELETE FROM lead_day_builds
    WHERE workspace_id = ${range.workspaceId}::uuid AND time_zone = ${range.timeZone}::text
      AND day >= ${range.from}::date AND day <= ${range.to}::date`;
}

/**
 * One statement builds the range's days from one snapshot, recorded with them: the report's and the
 * dashboard's summaries of the leads created in the range (erased ones left out, as the live queries leave them
 * out), a build row for every day (days without leads included), and the marks of these days that this
 * snapshot saw, unless a build of another zone covering the same instant has not seen them yet. The response
 * minutes are the live queries' expression (numeric, so the buckets compare as there), kept as double precision,
 * which is what percentile_cont reads there too.
 */
export function buildDaysSql(range: DayRange) {
  const { workspaceId, timeZone } = range;
  const { start, end } = rangeBounds(range);
  const workspace = Prisma.sql`${workspaceId}::uuid`;
  const zone = Prisma.sql`${timeZone}::text`;
  return Prisma.sql`
    WITH snap AS (SELECT pg_current_snapshot() AS snapshot),
    built AS (
      INSERT INTO lead_day_builds (workspace_id, time_zone, day, snapshot)
      SELECT ${workspace}, ${zone}, ${range.from}::date + i, (SELECT snapshot FROM snap)
      FROM generate_series(0, ${range.to}::date - ${range.from}::date) AS i
      RETURNING day
    ),
    range_leads AS MATERIALIZED (
      SELECT (l.created_at AT TIME ZONE ${zone})::date AS day, l.owner_id, l.capture_link_id, l.status,
        l.first_utm_source, l.first_utm_medium, l.first_utm_campaign,
        l.last_utm_source, l.last_utm_medium, l.last_utm_campaign,
        extract(epoch FROM l.first_response_at - l.created_at) / 60 AS m
      FROM leads l
      WHERE l.workspace_id = ${workspace} AND l.created_at >= ${start} AND l.created_at < ${end} AND l.erased_at IS NULL
    ),
    report AS (
      INSERT INTO lead_day_report (workspace_id, time_zone, day, capture_link_id,
        first_utm_source, first_utm_medium, first_utm_campaign, last_utm_source, last_utm_medium, last_utm_campaign,
        leads, contacted, qualified, won, lost, response_minutes)
      SELECT ${workspace}, ${zone}, day, capture_link_id,
        first_utm_source, first_utm_medium, first_utm_campaign, last_utm_source, last_utm_medium, last_utm_campaign,
        count(*), count(*) FILTER (WHERE status <> 'new'), count(*) FILTER (WHERE status IN ('qualified', 'won')),
        count(*) FILTER (WHERE status = 'won'), count(*) FILTER (WHERE status = 'lost'),
        coalesce(array_agg(m::float8) FILTER (WHERE m IS NOT NULL), '{}')
      FROM range_leads
      GROUP BY day, capture_link_id, first_utm_source, first_utm_medium, first_utm_campaign,
        last_utm_source, last_utm_medium, last_utm_campaign
    ),
    dashboard AS (
      INSERT INTO lead_day_dashboard (workspace_id, time_zone, day, owner_id, capture_link_id, first_utm_source,
        leads, new, contacted, qualified, won, lost, answered, within5, within15, within60, over60, not_yet, response_minutes)
      SELECT ${workspace}, ${zone}, day, owner_id, capture_link_id, first_utm_source,
        count(*), count(*) FILTER (WHERE status = 'new'), count(*) FILTER (WHERE status = 'contacted'),
        count(*) FILTER (WHERE status = 'qualified'), count(*) FILTER (WHERE status = 'won'),
        count(*) FILTER (WHERE status = 'lost'), count(m),
        count(*) FILTER (WHERE m <= 5), count(*) FILTER (WHERE m > 5 AND m <= 15),
        count(*) FILTER (WHERE m > 15 AND m <= 60), count(*) FILTER (WHERE m > 60), count(*) FILTER (WHERE m IS NULL),
        coalesce(array_agg(m::float8) FILTER (WHERE m IS NOT NULL), '{}')
      FROM range_leads
      GROUP BY day, owner_id, capture_link_id, first_utm_source
    ),
    seen AS (
      DELETE FROM lead_summary_marks m
      WHERE m.workspace_id = ${workspace} AND m.created_at >= ${start} AND m.created_at < ${end}
        AND pg_visible_in_snapshot(m.xid, (SELECT snapshot FROM snap))
        AND NOT EXISTS (
          SELECT 1 FROM lead_day_builds o
          WHERE o.workspace_id = ${workspace} AND o.time_zone <> ${zone}
            AND o.day = (m.created_at AT TIME ZONE o.time_zone)::date AND NOT pg_visible_in_snapshot(m.xid, o.snapshot)
        )
    )
    SELECT count(*)::int AS days FROM built`;
}
