import type { ReactNode } from "react";
import { LocalTime } from "@/components/ui/local-time";
import type { LinkCounters } from "@/lib/links/link-counters";

function Stat({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-lg bg-white px-5 py-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{children}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

export function LinkStats({ counters }: { counters: LinkCounters }) {
  const total = counters.accepted + counters.rejected;
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <Stat label="Accepted" hint="Leads created or updated">
        {counters.accepted.toLocaleString("en")}
      </Stat>
      <Stat
        label="Rejected"
        hint={
          total > 0 ? `${Math.round((counters.rejected / total) * 100)}% of requests, spam included` : "Refused requests and spam"
        }
      >
        <span className={counters.rejected > 0 ? "text-red-700" : undefined}>{counters.rejected.toLocaleString("en")}</span>
      </Stat>
      <Stat
        label="Last request"
        hint={counters.lastReceivedAt ? <LocalTime value={counters.lastReceivedAt} /> : "Nothing received yet"}
      >
        {counters.lastReceivedAt ? <LocalTime value={counters.lastReceivedAt} mode="relative" /> : "Never"}
      </Stat>
    </dl>
  );
}
