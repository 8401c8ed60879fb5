import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { isSetUp } from "@/lib/setup/complete-setup";
import { AuthCard } from "../auth-card";
import { SetupForm } from "./setup-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.setup"))("metaTitle") };
}
export const dynamic = "force-dynamic";

export default async function SetupPage() {
  if (await isSetUp()) redirect("/signin");
  const t = await getTranslations("auth.setup");
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")}>
      <SetupForm />
    </AuthCard>
  );
}
