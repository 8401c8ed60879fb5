import type { Metadata } from "next";
import Link from "next/link";
import { AccountShell } from "@/components/account/account-shell";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { ROLE_LABELS } from "@/components/members/role-labels";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/auth/session";
import { listUserWorkspaces } from "@/lib/workspaces/list-user-workspaces";
import { changePasswordAction } from "./actions";

export const metadata: Metadata = { title: "Your account" };
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const user = await requireUser();
  const workspaces = await listUserWorkspaces(user.id);
  return (
    <AccountShell
      email={user.email}
      backTo={workspaces[0] ? { href: `/w/${workspaces[0].slug}`, label: workspaces[0].name } : undefined}
    >
      <PageHeader title="Your account" description={user.name ? `${user.name}, ${user.email}` : user.email} />
      <div className="space-y-6">
        <Card title="Change your password" description="Every other place you are signed in is signed out; this one stays.">
          <ChangePasswordForm email={user.email} action={changePasswordAction} />
        </Card>
        <Card
          title="Your workspaces"
          actions={
            <ButtonLink href="/workspaces/new" size="sm">
              New workspace
            </ButtonLink>
          }
        >
          {workspaces.length ? (
            <ul className="divide-y divide-slate-100" aria-label="Your workspaces">
              {workspaces.map((workspace) => (
                <li key={workspace.slug} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                  <Link
                    href={`/w/${workspace.slug}`}
                    className="min-w-0 truncate text-sm font-medium text-indigo-700 hover:text-indigo-900"
                  >
                    {workspace.name}
                  </Link>
                  <span className="text-xs text-slate-500">{ROLE_LABELS[workspace.role].label}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">
              You are not a member of any workspace yet. Create one, or ask an owner or admin to add you.
            </p>
          )}
        </Card>
      </div>
    </AccountShell>
  );
}
