import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { Alert } from "@/components/ui/alert";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { currentUser } from "@/lib/auth/session";
import { mailEnabled } from "@/lib/mail/mail-config";
import { isSetUp } from "@/lib/setup/complete-setup";
import { AuthCard } from "../auth-card";
import { SignInForm } from "./signin-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.signin"))("title") };
}
export const dynamic = "force-dynamic";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[]; reset?: string; invited?: string }>;
}) {
  if (!(await isSetUp())) redirect("/setup");
  // Already signed in: straight on to where the link was going, if that is a page of this site.
  const query = await searchParams;
  if (await currentUser()) redirect(safeCallbackPath(query.callbackUrl) ?? "/");
  const [t, tEmail] = await Promise.all([getTranslations("auth.signin"), getTranslations("email.auth")]);
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")}>
      {query.reset ? (
        <div className="mb-4">
          <Alert tone="success">{tEmail("passwordChanged")}</Alert>
        </div>
      ) : null}
      {query.invited ? (
        <div className="mb-4">
          <Alert tone="success">{tEmail("accountCreated")}</Alert>
        </div>
      ) : null}
      <Suspense>
        <SignInForm />
      </Suspense>
      {/* Without email, a forgotten password is reset by an admin: the page says so. */}
      <Link
        href="/forgot-password"
        className="mt-4 inline-block text-sm font-medium text-indigo-700 hover:text-indigo-900"
        data-mail={mailEnabled() ? "on" : "off"}
      >
        {tEmail("forgotLink")}
      </Link>
    </AuthCard>
  );
}
