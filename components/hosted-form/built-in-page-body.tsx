import type { ReactNode } from "react";
import { PublicPageFrame } from "@/components/ui/public-page-frame";
import { StatusPage } from "@/components/ui/status-page";
import type { BuiltInPage } from "@/lib/capture/hosted-form/built-in-page";
import { HostedFormCard } from "./hosted-form-card";

/**
 * A built-in thank-you or error page: in the business's card (name, colour, logo) when the link is known,
 * else Leadlink's own frame as before; with the link back to where the visitor came from.
 */
export function BuiltInPageBody({
  page,
  status,
  title,
  children,
}: {
  page: BuiltInPage;
  status: string;
  title: string;
  children: ReactNode;
}) {
  const back = page.back ? (
    <p className="pt-3">
      <a href={page.back} className="font-medium text-slate-900 underline underline-offset-2" data-testid="form-page-back">
        {page.backLabel ?? page.back}
      </a>
    </p>
  ) : null;
  if (!page.form) {
    return (
      <PublicPageFrame lang={page.locale}>
        <StatusPage framed status={status} title={title}>
          {children}
          {back}
        </StatusPage>
      </PublicPageFrame>
    );
  }
  return (
    <PublicPageFrame lang={page.locale}>
      <HostedFormCard form={page.form}>
        <p className="text-sm font-semibold text-slate-700">{status}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <div className="mt-3 space-y-2 text-slate-700">
          {children}
          {back}
        </div>
      </HostedFormCard>
    </PublicPageFrame>
  );
}
