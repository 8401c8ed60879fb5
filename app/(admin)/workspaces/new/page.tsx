import type { Metadata } from "next";
import { AccountShell } from "@/components/account/account-shell";
import { CreateWorkspaceForm } from "@/components/account/create-workspace-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/auth/session";
import { createWorkspaceAction } from "./actions";

export const metadata: Metadata = { title: "New workspace" };
export const dynamic = "force-dynamic";

export default async function NewWorkspacePage() {
  const user = await requireUser();
  return (
    <AccountShell email={user.email} backTo={{ href: "/account", label: "Your account" }}>
      <PageHeader
        title="New workspace"
        description="A workspace has its own capture links, custom fields, leads and members. You will be its owner."
      />
      <Card>
        <CreateWorkspaceForm action={createWorkspaceAction} />
      </Card>
    </AccountShell>
  );
}
