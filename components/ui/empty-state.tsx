import type { ReactNode } from "react";

/** What a page shows when it has nothing yet: what this is, and what to do next. */
export function EmptyState({ title, children, action }: { title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-lg border-2 border-dashed border-slate-200 bg-white px-6 py-10 text-center">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children ? <div className="mx-auto mt-2 max-w-xl text-sm text-slate-500">{children}</div> : null}
      {action ? <div className="mt-5 flex justify-center">{action}</div> : null}
    </div>
  );
}
