import type { ReactNode } from "react";
import type { HostedForm } from "@/lib/capture/hosted-form/load-hosted-form";
import { hostedLogoSrc } from "@/lib/capture/hosted-form/logo-src";

/**
 * The hosted form's frame: a centred card on a light page, a band of the form's colour on top, the
 * business's logo (or its initial on that colour) and name. 390 px first: full width on a phone.
 */
export async function HostedFormCard({
  form,
  children,
}: {
  form: Pick<HostedForm, "token" | "workspaceId" | "theme" | "workspaceName">;
  children: ReactNode;
}) {
  // Served from here (DESIGN.md section 12); a logo that cannot be fetched leaves the initial and the name.
  const logo = await hostedLogoSrc(form);
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-8 sm:items-center sm:py-12">
      <div className="w-full max-w-md overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200">
        <div className="h-2" style={{ backgroundColor: form.theme.color }} />
        <div className="px-5 pb-8 pt-6 sm:px-8">
          <div className="mb-5 flex items-center gap-3">
            {logo ? (
              // biome-ignore lint/performance/noImgElement: a data: or same-origin logo (./logo-src.ts) of any size, not an optimised asset.
              <img src={logo} alt="" className="h-12 w-12 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="flex h-12 w-12 items-center justify-center rounded-full text-lg font-semibold"
                style={{ backgroundColor: form.theme.color, color: form.theme.textOnColor }}
              >
                {form.workspaceName.trim().charAt(0).toUpperCase()}
              </span>
            )}
            <p className="text-sm font-medium text-slate-700" data-testid="hosted-form-workspace">
              {form.workspaceName}
            </p>
          </div>
          {children}
        </div>
      </div>
    </main>
  );
}
