import { useTranslations } from "next-intl";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/ui/local-time";
import type { ActionState } from "@/lib/forms/action-state";
import type { PendingInvitation } from "@/lib/invitations/list-invitations";

type InvitationAction = (invitationId: string) => (state: ActionState, form: FormData) => Promise<ActionState>;

/**
 * The invitations nobody accepted or revoked yet: who, as what, sent by whom and when, until when the link
 * works; "Resend" (a new link, the old one stops working) and "Revoke". Expired ones can be sent again.
 */
export function PendingInvitations({
  invitations,
  resend,
  revoke,
  manageable,
}: {
  invitations: PendingInvitation[];
  resend: InvitationAction;
  revoke: InvitationAction;
  /** Whether the viewer may act on an invitation to this role (only owners touch owners' invitations). */
  manageable: (invitation: PendingInvitation) => boolean;
}) {
  const t = useTranslations("members.invitations");
  const roleNames = useTranslations("roles");
  return (
    <section aria-labelledby="invitations-heading" className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="invitations-heading" className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900 sm:px-5">
        {t("title", { count: invitations.length })}
      </h2>
      <ul className="divide-y divide-slate-100">
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            data-testid="invitation-row"
            data-email={invitation.email}
            data-expired={invitation.expired ? "true" : "false"}
            className="flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3 sm:px-5"
          >
            <div className="min-w-0 flex-1 basis-56">
              <p className="flex flex-wrap items-center gap-2 break-all font-medium text-slate-900">
                {invitation.email}
                <Badge tone="gray">{roleNames(`${invitation.role}.label`)}</Badge>
                {invitation.expired ? <Badge tone="amber">{t("expired")}</Badge> : null}
              </p>
              <p className="text-xs text-slate-500">
                {t.rich("sentBy", {
                  person: invitation.inviter ? (invitation.inviter.name ?? invitation.inviter.email) : t("formerMember"),
                  time: () => <LocalTime value={invitation.sentAt} />,
                })}
              </p>
              <p className="text-xs text-slate-500">
                {t.rich(invitation.expired ? "expiredAt" : "expiresAt", {
                  time: () => <LocalTime value={invitation.expiresAt} />,
                })}
              </p>
            </div>
            {manageable(invitation) ? (
              <div className="flex flex-wrap items-center gap-2 sm:ml-auto sm:justify-end">
                <ActionButton action={resend(invitation.id)} label={t("resend")} pendingLabel={t("resending")} />
                <ConfirmDialog
                  trigger={t("revoke")}
                  triggerVariant="secondary"
                  triggerSize="sm"
                  title={t("revokeTitle", { email: invitation.email })}
                  confirmLabel={t("revokeConfirm")}
                  pendingLabel={t("revoking")}
                  action={revoke(invitation.id)}
                >
                  <p>{t("revokeEffect")}</p>
                </ConfirmDialog>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
