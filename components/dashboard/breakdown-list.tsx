import Link from "next/link";
import type { ReactNode } from "react";
import { formatCount } from "@/lib/time/format-time";

export interface BreakdownRow {
  key: string;
  label: ReactNode;
  count: number;
  /** Where the row leads: the leads table filtered by it. Rows without one are plain text. */
  href?: string;
}

/** Horizontal bars with counts, longest first, each one a link to the leads it counts. */
export function BreakdownList({
  rows,
  total,
  more,
  empty,
  testId,
  locale,
}: {
  rows: BreakdownRow[];
  total: number;
  more?: ReactNode;
  empty: ReactNode;
  testId: string;
  /** The viewer's language, for the counts. */
  locale: string;
}) {
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-slate-500">{empty}</p>;
  const max = Math.max(...rows.map((row) => row.count));
  return (
    <div>
      <ol className="-mx-2 space-y-1" data-testid={testId}>
        {rows.map((row) => {
          const share = total > 0 ? Math.round((row.count / total) * 100) : 0;
          const content = (
            <>
              <span className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 truncate font-medium text-slate-800">{row.label}</span>
                <span className="shrink-0 tabular-nums text-slate-900">
                  {formatCount(row.count, locale)} <span className="text-xs text-slate-500">{share}%</span>
                </span>
              </span>
              <span aria-hidden className="mt-1.5 block h-2 overflow-hidden rounded-full bg-slate-100">
                <span
                  className="block h-full rounded-full bg-indigo-500"
                  style={{ width: `${Math.max(2, (row.count / max) * 100)}%` }}
                />
              </span>
            </>
          );
          return (
            <li key={row.key} data-testid={`${testId}-row`}>
              {row.href ? (
                <Link
                  href={row.href}
                  className="block rounded-md px-2 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {content}
                </Link>
              ) : (
                <div className="px-2 py-2">{content}</div>
              )}
            </li>
          );
        })}
      </ol>
      {more ? <p className="mt-3 text-xs text-slate-500">{more}</p> : null}
    </div>
  );
}
