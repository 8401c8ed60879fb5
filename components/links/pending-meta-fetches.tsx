import { useFormatter, useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import type { PendingMetaFetch } from "@/lib/links/pending-meta-fetches";

/**
 * Meta Lead Ads leads the link received and is still reading from the Graph API, each with its attempts and last
 * error: what Meta sent is visible before its lead exists, and a fetch that keeps failing says why.
 */
export function PendingMetaFetches({ total, fetches }: { total: number; fetches: PendingMetaFetch[] }) {
  const t = useTranslations("links.pendingFetches");
  const format = useFormatter();
  return (
    <div data-testid="pending-meta-fetches">
      <p className="text-sm text-slate-700">{t("count", { count: total, formatted: format.number(total) })}</p>
      <ul className="mt-2 divide-y divide-slate-100">
        {fetches.map((fetch) => (
          <li key={fetch.id} className="py-2 text-sm">
            <p className="break-all text-slate-900">
              {t("lead")} <span className="font-mono">{fetch.leadgenId}</span>
            </p>
            <p className="text-xs text-slate-600">
              {t.rich("received", { time: () => <LocalTime value={fetch.receivedAt} mode="relative" /> })}
              {" · "}
              {t.rich("attempts", {
                count: fetch.attempts,
                time: () => <LocalTime value={fetch.nextAttemptAt} mode="relative" />,
              })}
            </p>
            {fetch.lastError ? (
              <p className="text-xs break-words text-red-700">{t("lastError", { error: fetch.lastError })}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {total > fetches.length ? (
        <p className="mt-2 text-xs text-slate-600">{t("more", { count: total - fetches.length })}</p>
      ) : null}
    </div>
  );
}
