import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccountShell } from "@/components/account/account-shell";
import { CreateWorkspaceForm } from "@/components/account/create-workspace-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/auth/session";
import { createWorkspaceAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("workspaces.new"))("title") };
}
export const dynamic = "force-dynamic";

export default async function NewWorkspacePage() {
  const user = await requireUser();
  const [t, account] = await Promise.all([getTranslations("workspaces.new"), getTranslations("account")]);
  return (
    <AccountShell email={user.email} backTo={{ href: "/account", label: account("title") }}>
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CreateWorkspaceForm action={createWorkspaceAction} />
      </Card>
    </AccountShell>
  );
}
