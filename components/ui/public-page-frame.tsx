import type { ReactNode } from "react";

/** A public page's frame in the visitor's language (the root layout's `lang` is the admin's). */
export function PublicPageFrame({ lang, children }: { lang: string; children: ReactNode }) {
  return (
    <div lang={lang} className="min-h-screen">
      {children}
    </div>
  );
}
