import type { ReactNode } from "react";

export function Stat({
  label,
  children,
  hint,
  testId,
}: {
  label: string;
  children: ReactNode;
  hint?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="min-w-0 rounded-lg bg-white px-4 py-4 shadow-sm ring-1 ring-slate-200 sm:px-5" data-testid={testId}>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-semibold sm:text-2xl tracking-tight text-slate-900 tabular-nums">{children}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}
