import type { Metadata } from "next";
import Link from "next/link";
import { SetPasswordForm } from "@/components/auth/set-password-form";
import { findPasswordReset } from "@/lib/auth/password-reset";
import { AuthCard } from "../../auth-card";
import { resetPasswordAction } from "./actions";

export const metadata: Metadata = { title: "Choose a new password" };
export const dynamic = "force-dynamic";

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const reset = await findPasswordReset(token);
  if (!reset) {
    return (
      <AuthCard title="This link no longer works" subtitle="A reset link works once, for 1 hour.">
        <Link href="/forgot-password" className="text-sm font-medium text-indigo-700 hover:text-indigo-900">
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" subtitle={`For ${reset.email}. You will be signed out everywhere else.`}>
      <SetPasswordForm action={resetPasswordAction.bind(null, token)} submitLabel="Set password" />
    </AuthCard>
  );
}
