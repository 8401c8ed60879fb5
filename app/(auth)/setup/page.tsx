import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { isSetUp } from "@/lib/setup/complete-setup";
import { AuthCard } from "../auth-card";
import { SetupForm } from "./setup-form";

export const metadata: Metadata = { title: "Set up" };
export const dynamic = "force-dynamic";

export default async function SetupPage() {
  if (await isSetUp()) redirect("/signin");
  return (
    <AuthCard title="Welcome to Leadlink" subtitle="Create the owner account and your first workspace.">
      <SetupForm />
    </AuthCard>
  );
}
