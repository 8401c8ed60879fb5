import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { currentUser } from "@/lib/auth/session";
import { isSetUp } from "@/lib/setup/complete-setup";
import { AuthCard } from "../auth-card";
import { SignInForm } from "./signin-form";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  if (!(await isSetUp())) redirect("/setup");
  // Already signed in: straight on to where the link was going, if that is a page of this site.
  if (await currentUser()) redirect(safeCallbackPath((await searchParams).callbackUrl) ?? "/");
  return (
    <AuthCard title="Sign in" subtitle="Use the email and password of your Leadlink account.">
      <Suspense>
        <SignInForm />
      </Suspense>
    </AuthCard>
  );
}
