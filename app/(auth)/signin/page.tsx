import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { currentUser } from "@/lib/auth/session";
import { isSetUp } from "@/lib/setup/complete-setup";
import { AuthCard } from "../auth-card";
import { SignInForm } from "./signin-form";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage() {
  if (!(await isSetUp())) redirect("/setup");
  if (await currentUser()) redirect("/");
  return (
    <AuthCard title="Sign in" subtitle="Use the email and password of your Leadlink account.">
      <Suspense>
        <SignInForm />
      </Suspense>
    </AuthCard>
  );
}
