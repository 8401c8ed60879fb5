import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SetPasswordForm } from "@/components/auth/set-password-form";
import { findPasswordReset } from "@/lib/auth/password-reset";
import { AuthCard } from "../../auth-card";
import { resetPasswordAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("email.auth"))("resetTitle") };
}
export const dynamic = "force-dynamic";

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [t, reset] = await Promise.all([getTranslations("email.auth"), findPasswordReset(token)]);
  if (!reset) {
    return (
      <AuthCard title={t("resetExpiredTitle")} subtitle={t("resetExpiredSubtitle")}>
        <Link href="/forgot-password" className="text-sm font-medium text-indigo-700 hover:text-indigo-900">
          {t("askNewLink")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("resetTitle")} subtitle={t("resetSubtitle", { email: reset.email })}>
      <SetPasswordForm action={resetPasswordAction.bind(null, token)} submitLabel={t("setPassword")} />
    </AuthCard>
  );
}
