import type { DashboardPeriod } from "@/lib/dashboard/dashboard-period";
import { Prisma } from "@/lib/db/generated/client";

/**
 * A period's bounds as instants, computed by PostgreSQL from its days and zone: [midnight of `from`, midnight
 * after `to`) in period.timeZone, daylight-saving changes included. The zone is a bound parameter, validated
 * before it got here.
 */
export function periodBounds(period: DashboardPeriod) {
  return {
    start: Prisma.sql`(${period.from}::date::timestamp AT TIME ZONE ${period.timeZone}::text)`,
    end: Prisma.sql`((${period.to}::date + 1)::timestamp AT TIME ZONE ${period.timeZone}::text)`,
  };
}
