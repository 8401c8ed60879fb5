import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { inputClass } from "@/components/ui/field";
import type { CaptureLinkSummary } from "@/lib/links/capture-link";

/**
 * Where a link's leads come from, when it is a platform (DESIGN.md section 15): for Google Ads, the key to
 * paste into the lead form's webhook settings beside the URL, with a copy button.
 */
export function SourceCard({ link }: { link: Pick<CaptureLinkSummary, "source" | "sourceSettings"> }) {
  const t = useTranslations("sources");
  if (link.source === "json") return null;
  const key = link.source === "google_ads" ? link.sourceSettings?.key : undefined;
  return (
    <Card title={t("card.title")} description={t(`card.${link.source as "google_ads"}`)}>
      <p className="text-sm font-medium text-slate-900" data-testid="link-source">
        {t(`options.${link.source as "google_ads"}`)}
      </p>
      {typeof key === "string" ? (
        <div className="mt-3 space-y-2">
          <label htmlFor="google-key" className="block text-sm font-medium text-slate-700">
            {t("card.keyLabel")}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <input id="google-key" readOnly value={key} className={`${inputClass} min-w-0 font-mono`} data-testid="google-key" />
            <div className="shrink-0">
              <CopyButton value={key} label={t("card.copyKey")} />
            </div>
          </div>
          <p className="text-xs text-slate-600">{t("card.googleSteps")}</p>
        </div>
      ) : null}
    </Card>
  );
}
