import type { ReactNode } from "react";
import { Brand } from "@/components/ui/brand";

/**
 * The body of a not-found or error page: a status, a title, what happened and what to do next. `framed`
 * pages stand alone (outside the workspace shell) with the Leadlink mark above them.
 */
export function StatusPage({
  status,
  title,
  children,
  actions,
  framed = false,
}: {
  status: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  framed?: boolean;
}) {
  const card = (
    <div
      className="rounded-xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200 sm:px-10"
      data-testid="status-page"
    >
      <p className="text-sm font-semibold text-indigo-600">{status}</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <div className="mx-auto mt-3 max-w-md space-y-2 text-sm text-slate-600">{children}</div>
      {actions ? <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </div>
  );
  if (!framed) return <div className="mx-auto max-w-2xl py-6 sm:py-10">{card}</div>;
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-lg">
        <a href="/" className="mb-6 flex justify-center">
          <Brand size="lg" />
        </a>
        {card}
      </div>
    </main>
  );
}
