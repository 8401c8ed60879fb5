"use client";

import { useMemo } from "react";
import { createFormatters, type Formatters } from "@/lib/i18n/formatters";
import { useViewer } from "./viewer";

/** For client components: dates, numbers and phones for the viewer (lib/i18n/formatters.ts). */
export function useFormatters(): Formatters {
  const { locale, timeZone } = useViewer();
  return useMemo(() => createFormatters({ locale, timeZone }), [locale, timeZone]);
}
