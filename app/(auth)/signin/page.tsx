import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { currentUser } from "@/lib/auth/session";
import { isSetUp } from "@/lib/setup/complete-setup";
import { AuthCard } from "../auth-card";
import { SignInForm } from "./signin-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.signin"))("title") };
}
export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  if (!(await isSetUp())) redirect("/setup");
  // Already signed in: straight on to where the link was going, if that is a page of this site.
  if (await currentUser()) redirect(safeCallbackPath((await searchParams).callbackUrl) ?? "/");
  const t = await getTranslations("auth.signin");
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")}>
      <Suspense>
        <SignInForm />
      </Suspense>
    </AuthCard>
  );
}
