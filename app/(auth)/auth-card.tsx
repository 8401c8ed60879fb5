import type { ReactNode } from "react";
import { Brand } from "@/components/ui/brand";
import { SkipLink } from "@/components/ui/skip-link";

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <main id="content" tabIndex={-1} className="flex min-h-screen items-center justify-center px-4 py-12 outline-none">
        <div className="w-full max-w-md">
          <div className="mb-6 flex justify-center">
            <Brand size="lg" />
          </div>
          <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
            {subtitle ? <p className="mt-1 text-sm text-slate-500">{subtitle}</p> : null}
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </main>
    </>
  );
}
