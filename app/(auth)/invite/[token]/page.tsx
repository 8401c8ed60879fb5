import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SetPasswordForm } from "@/components/auth/set-password-form";
import { findInvitation } from "@/lib/invitations/accept-invitation";
import { AuthCard } from "../../auth-card";
import { acceptInvitationAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("email.auth"))("createAndJoin") };
}
export const dynamic = "force-dynamic";

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [t, roles, invitation] = await Promise.all([
    getTranslations("email.auth"),
    getTranslations("roles"),
    findInvitation(token),
  ]);
  if (!invitation) {
    return (
      <AuthCard title={t("inviteExpiredTitle")} subtitle={t("inviteExpiredSubtitle")}>
        <p className="text-sm text-slate-600">{t("inviteExpired")}</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t("inviteTitle", { workspace: invitation.workspace.name })}
      subtitle={t("inviteSubtitle", { email: invitation.email, role: roles(`${invitation.role}.label`) })}
    >
      <SetPasswordForm
        action={acceptInvitationAction.bind(null, token)}
        askName
        defaultName={invitation.name ?? undefined}
        submitLabel={t("createAndJoin")}
      />
    </AuthCard>
  );
}
