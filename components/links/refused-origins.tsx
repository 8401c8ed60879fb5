"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import type { ActionState } from "@/lib/forms/action-state";

export interface RefusedOriginItem {
  origin: string;
  count: number;
  lastRefusedAt: Date;
}

function AllowOriginButton({
  origin,
  action,
}: {
  origin: string;
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
}) {
  const t = useTranslations("links.refused");
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="shrink-0">
      <input type="hidden" name="origin" value={origin} />
      {/* The name starts with the visible text (WCAG 2.5.3, label in name) and adds which origin. */}
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        disabled={pending}
        aria-label={pending ? undefined : t("allowNamed", { origin })}
      >
        {pending ? t("allowing") : t("allow")}
      </Button>
      {state.message && !state.ok ? (
        <span role="alert" className="mt-1 block text-xs text-red-600">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}

/**
 * Websites whose browser requests the link refused lately (403 origin_not_allowed): often the sender's own
 * page on an address nobody listed yet. Owners and admins add one to the allowed origins in a click.
 */
export function RefusedOrigins({
  origins,
  allow,
}: {
  origins: RefusedOriginItem[];
  /** The server action for managers; members see the list only. */
  allow?: (state: ActionState, form: FormData) => Promise<ActionState>;
}) {
  const t = useTranslations("links.refused");
  const format = useFormatter();
  return (
    <ul className="divide-y divide-slate-100" data-testid="refused-origins">
      {origins.map((item) => (
        <li key={item.origin} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
          <div className="min-w-0">
            <p className="font-mono text-sm break-all text-slate-900">{item.origin}</p>
            <p className="text-xs text-slate-500">
              {t.rich("count", {
                count: item.count,
                formatted: format.number(item.count),
                time: () => <LocalTime value={item.lastRefusedAt} mode="relative" />,
              })}
            </p>
          </div>
          {allow ? <AllowOriginButton origin={item.origin} action={allow} /> : null}
        </li>
      ))}
    </ul>
  );
}
