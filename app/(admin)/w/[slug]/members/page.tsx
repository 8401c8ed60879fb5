import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AddMemberForm } from "@/components/members/add-member-form";
import { InviteMemberForm } from "@/components/members/invite-member-form";
import { MemberRoleForm } from "@/components/members/member-role-form";
import { PendingInvitations } from "@/components/members/pending-invitations";
import { ResetPasswordDialog } from "@/components/members/reset-password-dialog";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, requireWorkspace } from "@/lib/auth/session";
import { listPendingInvitations } from "@/lib/invitations/list-invitations";
import { mailEnabled } from "@/lib/mail/mail-config";
import { listMembers } from "@/lib/workspaces/list-members";
import { assignableRoles, memberChangeRefusal, type Role } from "@/lib/workspaces/member-rules";
import {
  addMemberAction,
  changeMemberRoleAction,
  inviteMemberAction,
  removeMemberAction,
  resendInvitationAction,
  resetMemberPasswordAction,
  revokeInvitationAction,
} from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("members"))("title") };
}
export const dynamic = "force-dynamic";

const ROLE_TONES = { owner: "indigo", admin: "blue", member: "gray" } as const;

export default async function MembersPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace, role, user } = await requireWorkspace((await params).slug);
  const emailT = await getTranslations("email.invite");
  const canManage = hasRole(role, "admin");
  const [members, invitations] = await Promise.all([
    listMembers(workspace.id),
    canManage ? listPendingInvitations(workspace.id) : Promise.resolve([]),
  ]);
  const owners = members.filter((member) => member.role === "owner").length;
  const roles = assignableRoles(role);
  const [t, roleNames] = await Promise.all([getTranslations("members"), getTranslations("roles")]);
  // The same rule the domain applies, to show only controls that can work; the actions decide again.
  const manageable = (target: Role) => canManage && memberChangeRefusal(role, { from: target }) === undefined;

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />

      {canManage && mailEnabled() ? (
        <Card title={emailT("card")} description={emailT("cardDescription")}>
          <InviteMemberForm action={inviteMemberAction.bind(null, workspace.slug)} roles={roles} />
        </Card>
      ) : null}

      {invitations.length > 0 ? (
        <PendingInvitations
          invitations={invitations}
          resend={(id) => resendInvitationAction.bind(null, workspace.slug, id)}
          revoke={(id) => revokeInvitationAction.bind(null, workspace.slug, id)}
          manageable={(invitation) => memberChangeRefusal(role, { to: invitation.role }) === undefined}
        />
      ) : null}

      {canManage ? (
        <Card title={t("add.title")} description={role === "owner" ? t("add.descriptionOwner") : t("add.descriptionAdmin")}>
          <AddMemberForm action={addMemberAction.bind(null, workspace.slug)} roles={roles} />
        </Card>
      ) : null}

      {/* A list, not a table: at 390 px each person's name, role and actions wrap onto lines of their own. */}
      <section aria-labelledby="members-heading" className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        <h2 id="members-heading" className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900 sm:px-5">
          {t("people", { count: members.length })}
        </h2>
        <ul className="divide-y divide-slate-100">
          {members.map((member) => {
            const person = member.name ? `${member.name} (${member.email})` : member.email;
            const lastOwner = member.role === "owner" && owners === 1;
            const editable = manageable(member.role) && !lastOwner;
            const self = member.userId === user.id;
            // Nobody resets their own password here: the account page asks for the current one.
            const canReset = manageable(member.role) && !self;
            return (
              <li
                key={member.userId}
                data-testid="member-row"
                data-email={member.email}
                className="flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3 sm:px-5"
              >
                <div className="min-w-0 flex-1 basis-56">
                  <p className="break-words font-medium text-slate-900">
                    {member.name ?? member.email}
                    {self ? <span className="ml-2 text-xs font-normal text-slate-500">{t("you")}</span> : null}
                  </p>
                  {member.name ? <p className="break-all text-xs text-slate-500">{member.email}</p> : null}
                  <p className="text-xs text-slate-500">
                    {t("joined")} <LocalTime value={member.joinedAt} mode="date" />
                  </p>
                </div>
                <div className="min-w-0">
                  {editable ? (
                    <MemberRoleForm
                      userId={member.userId}
                      person={person}
                      role={member.role}
                      roles={roles}
                      action={changeMemberRoleAction.bind(null, workspace.slug, member.userId)}
                    />
                  ) : (
                    <span className="flex flex-wrap items-center gap-2">
                      <Badge tone={ROLE_TONES[member.role]}>{roleNames(`${member.role}.label`)}</Badge>
                      {lastOwner && canManage ? <span className="text-xs text-slate-500">{t("lastOwner")}</span> : null}
                    </span>
                  )}
                </div>
                {editable || canReset ? (
                  <div className="flex flex-wrap items-center gap-2 sm:ml-auto sm:justify-end">
                    {canReset ? (
                      <ResetPasswordDialog
                        person={member.name ?? member.email}
                        userId={member.userId}
                        action={resetMemberPasswordAction.bind(null, workspace.slug, member.userId)}
                      />
                    ) : null}
                    {editable ? (
                      <ConfirmDialog
                        trigger={self ? t("remove.leave") : t("remove.remove")}
                        triggerVariant="secondary"
                        triggerSize="sm"
                        title={
                          self
                            ? t("remove.leaveTitle", { workspace: workspace.name })
                            : t("remove.removeTitle", { person: member.name ?? member.email })
                        }
                        confirmLabel={self ? t("remove.leaveConfirm") : t("remove.removeConfirm")}
                        pendingLabel={self ? t("remove.leaving") : t("remove.removing")}
                        action={removeMemberAction.bind(null, workspace.slug, member.userId)}
                      >
                        {self ? <p>{t("remove.leaveEffect")}</p> : <p>{t("remove.removeEffect", { email: member.email })}</p>}
                      </ConfirmDialog>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
