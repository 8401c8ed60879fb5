"use client";

import { formatInstant, type TimeMode } from "@/lib/time/format-time";
import { useViewer } from "./viewer";

/**
 * A moment in the viewer's time zone and language ("datetime" names the zone). The server renders it
 * with the zone the browser's cookie gave and the language of Accept-Language, so it is right on first
 * paint; on a browser's very first page the client renders its own zone right after hydration.
 * The title keeps the exact UTC instant.
 */
export function LocalTime({
  value,
  mode = "datetime",
  className,
}: {
  value: string | Date;
  mode?: TimeMode;
  className?: string;
}) {
  const viewer = useViewer();
  const date = new Date(value);
  return (
    <time dateTime={date.toISOString()} title={date.toISOString()} className={className} suppressHydrationWarning>
      {formatInstant(date, viewer, mode)}
    </time>
  );
}
