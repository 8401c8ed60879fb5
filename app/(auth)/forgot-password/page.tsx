import type { Metadata } from "next";
import Link from "next/link";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { mailEnabled } from "@/lib/mail/mail-config";
import { AuthCard } from "../auth-card";
import { forgotPasswordAction } from "./actions";

export const metadata: Metadata = { title: "Forgot password" };
export const dynamic = "force-dynamic";

export default function ForgotPasswordPage() {
  if (!mailEnabled()) {
    return (
      <AuthCard title="Forgot your password?" subtitle="This server sends no email.">
        <p className="text-sm text-slate-600">
          Ask an owner or admin of your workspace to set a new password for you on its Members page.
        </p>
        <Link href="/signin" className="mt-6 inline-block text-sm font-medium text-indigo-700 hover:text-indigo-900">
          Back to sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Forgot your password?" subtitle="We will email you a link to choose a new one.">
      <ForgotPasswordForm action={forgotPasswordAction} />
      <Link href="/signin" className="mt-6 inline-block text-sm font-medium text-indigo-700 hover:text-indigo-900">
        Back to sign in
      </Link>
    </AuthCard>
  );
}
