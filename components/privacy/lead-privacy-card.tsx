import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/ui/local-time";
import type { ActionState } from "@/lib/forms/action-state";

/**
 * The lead page's LGPD actions, for owners and admins: download everything held about the person (an
 * access request), and erase them (asks first: it cannot be undone).
 */
export function LeadPrivacyCard({
  downloadHref,
  erasedAt,
  eraseAction,
}: {
  downloadHref: string;
  erasedAt: Date | null;
  eraseAction: (state: ActionState, form: FormData) => Promise<ActionState>;
}) {
  return (
    <Card title="Personal data" description="Requests from the person under the LGPD (art. 18): access and erasure.">
      <div className="flex flex-wrap items-center gap-3">
        <a href={downloadHref} download className={buttonClass("secondary")}>
          Download personal data
        </a>
        {erasedAt ? (
          <p className="text-sm text-slate-600" data-testid="lead-erased">
            Erased <LocalTime value={erasedAt} />: no personal data is kept.
          </p>
        ) : (
          <ConfirmDialog
            trigger="Erase lead"
            title="Erase this lead’s personal data?"
            confirmLabel="Erase for good"
            pendingLabel="Erasing…"
            action={eraseAction}
          >
            <p>
              The name, email, phone, document, address, custom fields, every request’s payload, IP and user agent, consent texts
              and webhook message bodies are deleted. This cannot be undone.
            </p>
            <p>The lead stays as an anonymous row so counts and charts do not change, and webhooks receive lead.erased.</p>
          </ConfirmDialog>
        )}
      </div>
    </Card>
  );
}
