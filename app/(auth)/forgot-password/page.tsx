import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { mailEnabled } from "@/lib/mail/mail-config";
import { AuthCard } from "../auth-card";
import { forgotPasswordAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("email.auth"))("forgotTitle") };
}
export const dynamic = "force-dynamic";

export default async function ForgotPasswordPage() {
  const t = await getTranslations("email.auth");
  if (!mailEnabled()) {
    return (
      <AuthCard title={t("forgotTitle")} subtitle={t("forgotNoEmailSubtitle")}>
        <p className="text-sm text-slate-600">{t("forgotNoEmail")}</p>
        <Link href="/signin" className="mt-6 inline-block text-sm font-medium text-indigo-700 hover:text-indigo-900">
          {t("backToSignIn")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("forgotTitle")} subtitle={t("forgotSubtitle")}>
      <ForgotPasswordForm action={forgotPasswordAction} />
      <Link href="/signin" className="mt-6 inline-block text-sm font-medium text-indigo-700 hover:text-indigo-900">
        {t("backToSignIn")}
      </Link>
    </AuthCard>
  );
}
