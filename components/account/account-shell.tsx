import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { Brand } from "@/components/ui/brand";
import { SkipLink } from "@/components/ui/skip-link";

/** The frame of the pages that belong to the person, not to one workspace: their account, a new workspace. */
export function AccountShell({
  email,
  backTo,
  children,
}: {
  email: string;
  backTo?: { href: string; label: string };
  children: ReactNode;
}) {
  const t = useTranslations("account");
  return (
    <div className="min-h-screen">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
          <Link href="/">
            <Brand />
          </Link>
          <div className="flex min-w-0 items-center gap-2">
            <Link
              href="/account"
              title={t("title")}
              className="min-w-0 truncate text-xs font-medium text-slate-600 hover:text-slate-900"
            >
              {email}
            </Link>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="content" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-6 outline-none sm:px-6 lg:py-8">
        {backTo ? (
          <Link href={backTo.href} className="mb-4 inline-block text-sm font-medium text-indigo-700 hover:text-indigo-900">
            ← {backTo.label}
          </Link>
        ) : null}
        {children}
      </main>
    </div>
  );
}
