import type { Metadata } from "next";
import { SetPasswordForm } from "@/components/auth/set-password-form";
import { findInvitation } from "@/lib/invitations/accept-invitation";
import { AuthCard } from "../../auth-card";
import { acceptInvitationAction } from "./actions";

export const metadata: Metadata = { title: "Accept invitation" };
export const dynamic = "force-dynamic";

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await findInvitation(token);
  if (!invitation) {
    return (
      <AuthCard title="This invitation no longer works" subtitle="An invitation works once, for 24 hours.">
        <p className="text-sm text-slate-600">Ask whoever invited you for a new one.</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={`Join ${invitation.workspace.name}`}
      subtitle={`Choose a password for ${invitation.email}; you join as ${invitation.role}.`}
    >
      <SetPasswordForm
        action={acceptInvitationAction.bind(null, token)}
        askName
        defaultName={invitation.name ?? undefined}
        submitLabel="Create account and join"
      />
    </AuthCard>
  );
}
