import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import type { LeadConsent } from "@/lib/privacy/lead-consent";

type Translate = ReturnType<typeof useTranslations<"privacy.consent">>;

function basis(t: Translate, legalBasis: string): string {
  switch (legalBasis) {
    case "consent":
      return t("basis_consent");
    case "legitimate_interest":
      return t("basis_legitimate_interest");
    case "contract":
      return t("basis_contract");
    case "legal_obligation":
      return t("basis_legal_obligation");
    default:
      return legalBasis;
  }
}

function GrantBadge({ granted, t }: { granted: boolean; t: Translate }) {
  return granted ? <Badge tone="green">{t("granted")}</Badge> : <Badge tone="red">{t("refused")}</Badge>;
}

/** The lead page's consent: the current state per purpose (latest record naming it) and every record. */
export function LeadConsentCard({ consent }: { consent: LeadConsent }) {
  const t = useTranslations("privacy.consent");
  return (
    <Card title={t("title")} description={t("description")}>
      {consent.history.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="consent-none">
          {t("none")}
        </p>
      ) : (
        <div className="space-y-5">
          <ul className="divide-y divide-slate-100" data-testid="consent-current">
            {consent.current.map((item) => (
              <li key={item.purpose ?? "(general)"} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0 break-words font-medium text-slate-800">{item.purpose ?? t("general")}</span>
                <span className="flex flex-wrap items-center gap-2 text-slate-500">
                  <GrantBadge granted={item.granted} t={t} />
                  <span>{basis(t, item.legalBasis)}</span>
                  {item.version ? <span>{t("version", { version: item.version })}</span> : null}
                  <LocalTime value={item.at} />
                </span>
              </li>
            ))}
          </ul>
          <details className="group">
            <summary className="cursor-pointer text-sm font-medium text-indigo-700 hover:underline">
              {t("history", { count: consent.history.length })}
            </summary>
            <ol className="mt-3 space-y-3" data-testid="consent-history">
              {consent.history.map((record) => (
                <li key={record.id} className="rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
                  <div className="flex flex-wrap items-center gap-2">
                    <GrantBadge granted={record.granted} t={t} />
                    <LocalTime value={record.at} />
                    <span className="text-slate-500">{basis(t, record.legalBasis)}</span>
                    {record.version ? <span className="text-slate-500">{t("version", { version: record.version })}</span> : null}
                  </div>
                  {record.purposes.length > 0 ? (
                    <p className="mt-1 break-words text-slate-600">{t("purposes", { purposes: record.purposes.join(", ") })}</p>
                  ) : null}
                  {record.text ? <p className="mt-1 break-words whitespace-pre-wrap text-slate-700">“{record.text}”</p> : null}
                  <p className="mt-1 break-all text-xs text-slate-500">
                    {[record.referer ?? record.origin, record.ip].filter(Boolean).join(" · ") || t("noDetails")}
                  </p>
                </li>
              ))}
            </ol>
          </details>
        </div>
      )}
    </Card>
  );
}
