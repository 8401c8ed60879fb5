import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/ui/local-time";
import type { ActionState } from "@/lib/forms/action-state";

/**
 * The lead page's LGPD actions, for owners and admins: download everything held about the person (an
 * access request) as JSON or open it as a printable statement, and erase them (asks first: it cannot be undone).
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
  const t = useTranslations("privacy.lead");
  return (
    <Card title={t("title")} description={t("description")}>
      <div className="flex flex-wrap items-center gap-3">
        <a href={downloadHref} download className={buttonClass("secondary")}>
          {t("download")}
        </a>
        {/* The same data as a statement for the person, in the workspace's language (LGPD art. 19). */}
        <a href={`${downloadHref}?format=html`} target="_blank" rel="noopener" className={buttonClass("secondary")}>
          {t("statement")}
        </a>
        {erasedAt ? (
          <p className="text-sm text-slate-600" data-testid="lead-erased">
            {t.rich("erased", { time: () => <LocalTime value={erasedAt} /> })}
          </p>
        ) : (
          <ConfirmDialog
            trigger={t("erase")}
            title={t("eraseTitle")}
            confirmLabel={t("eraseConfirm")}
            pendingLabel={t("erasing")}
            action={eraseAction}
          >
            <p>{t("eraseWhat")}</p>
            <p>{t("eraseKeeps")}</p>
          </ConfirmDialog>
        )}
      </div>
    </Card>
  );
}
