"use client";

import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from "react";
import type { TimeSettings } from "@/lib/time/format-time";
import { canonicalTimeZone, TIME_ZONE_COOKIE } from "@/lib/time/time-zone";

interface ViewerValue extends TimeSettings {
  timeZoneKnown: boolean;
}

const ViewerContext = createContext<ViewerValue>({ locale: "en-US", timeZone: "UTC", timeZoneKnown: false });

function browserTimeZone(): string | undefined {
  return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

const noSubscription = () => () => {};

/**
 * The viewer's language and time zone for client components. The server renders with what the request
 * told it (Accept-Language, the time-zone cookie); after hydration a browser whose zone the server did
 * not know yet (its first page) shows its own at once, without a hydration mismatch.
 */
export function useViewer(): TimeSettings {
  const viewer = useContext(ViewerContext);
  const timeZone = useSyncExternalStore(
    noSubscription,
    () => browserTimeZone() ?? viewer.timeZone,
    () => viewer.timeZone,
  );
  return { locale: viewer.locale, timeZone };
}

// One refresh per document at most: should the server ever refuse a zone the browser reports, the page
// keeps the client-side times instead of refreshing for ever.
let refreshed = false;

/**
 * Tells the server the browser's time zone (a cookie read when rendering: lib/request/viewer.ts), and
 * re-renders the page once when the server rendered it for another zone, so server-computed days (the
 * dashboard's, the date filters') follow too. Every page after that is right on first paint.
 */
function TimeZoneCookie({ serverTimeZone }: { serverTimeZone: string }) {
  const router = useRouter();
  useEffect(() => {
    const zone = browserTimeZone();
    if (!zone) return;
    const current = document.cookie.split("; ").find((entry) => entry.startsWith(`${TIME_ZONE_COOKIE}=`));
    if (current !== `${TIME_ZONE_COOKIE}=${zone}`) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari
      document.cookie = `${TIME_ZONE_COOKIE}=${zone}; path=/; max-age=31536000; samesite=lax`;
    }
    if (serverTimeZone !== zone && !refreshed && document.cookie.includes(`${TIME_ZONE_COOKIE}=${zone}`)) {
      refreshed = true;
      router.refresh();
    }
  }, [router, serverTimeZone]);
  return null;
}

export function ViewerProvider({ viewer, children }: { viewer: ViewerValue; children: ReactNode }) {
  return (
    <ViewerContext.Provider value={viewer}>
      <TimeZoneCookie serverTimeZone={viewer.timeZone} />
      {children}
    </ViewerContext.Provider>
  );
}
