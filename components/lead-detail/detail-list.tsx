import clsx from "clsx";
import type { ReactNode } from "react";

export const none = <span className="text-slate-500">—</span>;

/** Label and value pairs in a responsive grid. */
export function DetailList({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={clsx("grid grid-cols-2 gap-x-4 gap-y-4 sm:gap-x-6", className)}>{children}</dl>;
}

export function Detail({
  term,
  children,
  mono,
  testId,
}: {
  term: ReactNode;
  children: ReactNode;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className={clsx("mt-0.5 text-sm break-words text-slate-900", mono && "font-mono text-[13px]")}>{children ?? none}</dd>
    </div>
  );
}
