import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import type { LeadConsent } from "@/lib/privacy/lead-consent";

const BASIS_LABELS: Record<string, string> = {
  consent: "Consent",
  legitimate_interest: "Legitimate interest",
  contract: "Contract",
  legal_obligation: "Legal obligation",
};

function GrantBadge({ granted }: { granted: boolean }) {
  return granted ? <Badge tone="green">Granted</Badge> : <Badge tone="red">Refused</Badge>;
}

/** The lead page's consent: the current state per purpose (latest record naming it) and every record. */
export function LeadConsentCard({ consent }: { consent: LeadConsent }) {
  return (
    <Card
      title="Consent"
      description="Recorded from the consent object of each accepted request; records are never changed (erasure blanks their text)."
    >
      {consent.history.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="consent-none">
          No request for this lead carried consent.
        </p>
      ) : (
        <div className="space-y-5">
          <ul className="divide-y divide-slate-100" data-testid="consent-current">
            {consent.current.map((item) => (
              <li key={item.purpose ?? "(general)"} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0 break-words font-medium text-slate-800">
                  {item.purpose ?? "General (no purpose named)"}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-slate-500">
                  <GrantBadge granted={item.granted} />
                  <span>{BASIS_LABELS[item.legalBasis] ?? item.legalBasis}</span>
                  {item.version ? <span>v. {item.version}</span> : null}
                  <LocalTime value={item.at} />
                </span>
              </li>
            ))}
          </ul>
          <details className="group">
            <summary className="cursor-pointer text-sm font-medium text-indigo-700 hover:underline">
              History ({consent.history.length} {consent.history.length === 1 ? "record" : "records"})
            </summary>
            <ol className="mt-3 space-y-3" data-testid="consent-history">
              {consent.history.map((record) => (
                <li key={record.id} className="rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
                  <div className="flex flex-wrap items-center gap-2">
                    <GrantBadge granted={record.granted} />
                    <LocalTime value={record.at} />
                    <span className="text-slate-500">{BASIS_LABELS[record.legalBasis] ?? record.legalBasis}</span>
                    {record.version ? <span className="text-slate-500">v. {record.version}</span> : null}
                  </div>
                  {record.purposes.length > 0 ? (
                    <p className="mt-1 break-words text-slate-600">Purposes: {record.purposes.join(", ")}</p>
                  ) : null}
                  {record.text ? <p className="mt-1 break-words whitespace-pre-wrap text-slate-700">“{record.text}”</p> : null}
                  <p className="mt-1 break-all text-xs text-slate-500">
                    {[record.referer ?? record.origin, record.ip].filter(Boolean).join(" · ") || "No request details kept"}
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
