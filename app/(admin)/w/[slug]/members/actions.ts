"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { recordAudit } from "@/lib/audit/record";
import { authorizeWorkspace } from "@/lib/auth/session";
import type { ActionState } from "@/lib/forms/action-state";
import { fromError } from "@/lib/forms/action-state";
import { formFailure } from "@/lib/forms/form-failure";
import { inviteMember } from "@/lib/invitations/invite-member";
import { resendInvitation, revokeInvitation } from "@/lib/invitations/manage-invitation";
import { userActor } from "@/lib/request/request-actor";
import { getServerTranslator } from "@/lib/request/server-translator";
import { findUserEmail } from "@/lib/users/find-user-email";
import { addWorkspaceMember } from "@/lib/workspaces/add-workspace-member";
import { changeMemberRole, type MemberRoleChange } from "@/lib/workspaces/change-member-role";
import { readMemberForm } from "@/lib/workspaces/member-form";
import { removeMember } from "@/lib/workspaces/remove-member";
import { resetMemberPassword } from "@/lib/workspaces/reset-member-password";

// authorizeWorkspace refuses members up front; the domain functions then decide as the acting user, with
// their role read again under a lock (only owners make or unmake owners, the last owner stays).

export async function addMemberAction(slug: string, _previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    const added = await addWorkspaceMember(workspace.id, user.id, readMemberForm(form));
    await recordAudit(await userActor(user.id), {
      workspaceId: workspace.id,
      action: "member.added",
      targetType: "user",
      targetId: added.userId,
      details: { name: added.email, role: added.role },
    });
    revalidatePath(`/w/${workspace.slug}/members`);
    const [t, roles] = await Promise.all([getServerTranslator("members.messages"), getServerTranslator("roles")]);
    return { ok: true, message: t("added", { email: added.email, role: roles(`${added.role}.label`).toLowerCase() }) };
  } catch (error) {
    const state = await formFailure(error, form);
    const t = await getServerTranslator("members.messages");
    // The domain's messages speak to the command line; this form has its own way to fix each case.
    if (state.code === "user_not_found") {
      state.message = t("noAccount");
    }
    if (state.code === "email_taken") {
      state.message = t("emailTaken");
      state.fieldErrors = { email: t("emailTakenField") };
    }
    return state;
  }
}

export async function changeMemberRoleAction(
  slug: string,
  userId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    // The role is validated by changeMemberRole's schema, like every other input.
    const role = String(form.get("role") ?? "");
    const changed = await changeMemberRole(workspace.id, user.id, userId, { role } as MemberRoleChange);
    await recordAudit(await userActor(user.id), {
      workspaceId: workspace.id,
      action: "member.role_changed",
      targetType: "user",
      targetId: userId,
      details: {
        name: await findUserEmail(userId),
        role: changed.role,
        changes: [{ field: "role", from: changed.previousRole, to: changed.role }],
      },
    });
    revalidatePath(`/w/${workspace.slug}`, "layout");
    return { ok: true, message: (await getServerTranslator("members.messages"))("roleChanged") };
  } catch (error) {
    return fromError(error);
  }
}

export async function removeMemberAction(slug: string, userId: string): Promise<ActionState> {
  let leftWorkspace = false;
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    await removeMember(workspace.id, user.id, userId);
    await recordAudit(await userActor(user.id), {
      workspaceId: workspace.id,
      action: "member.removed",
      targetType: "user",
      targetId: userId,
      details: { name: await findUserEmail(userId) },
    });
    revalidatePath(`/w/${workspace.slug}/members`);
    leftWorkspace = user.id === userId;
  } catch (error) {
    return fromError(error);
  }
  // Whoever removed themselves can no longer see this workspace.
  if (leftWorkspace) redirect("/");
  return { ok: true };
}

export async function resetMemberPasswordAction(
  slug: string,
  userId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    await resetMemberPassword(workspace.id, user.id, userId, { password: String(form.get("password") ?? "") });
    await recordAudit(await userActor(user.id), {
      workspaceId: workspace.id,
      action: "member.password_reset",
      targetType: "user",
      targetId: userId,
      details: { name: await findUserEmail(userId) },
    });
    return { ok: true, message: (await getServerTranslator("members.messages"))("passwordReset") };
  } catch (error) {
    return formFailure(error, form);
  }
}

export async function inviteMemberAction(slug: string, _previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    const input = {
      email: String(form.get("email") ?? ""),
      name: String(form.get("name") ?? ""),
      role: (String(form.get("role") ?? "") || "member") as "member",
    };
    const invited = await inviteMember(workspace.id, user.id, input, new Date(), (await userActor(user.id)).ip);
    const t = await getServerTranslator("email.invite");
    return { ok: true, message: t("sent", { email: invited.email }) };
  } catch (error) {
    return formFailure(error, form);
  }
}

export async function resendInvitationAction(slug: string, invitationId: string): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    const { email } = await resendInvitation(workspace.id, user.id, invitationId, new Date(), (await userActor(user.id)).ip);
    revalidatePath(`/w/${workspace.slug}/members`);
    return { ok: true, message: (await getServerTranslator("members.invitations"))("resent", { email }) };
  } catch (error) {
    return fromError(error);
  }
}

export async function revokeInvitationAction(slug: string, invitationId: string): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    const { email } = await revokeInvitation(workspace.id, user.id, invitationId, new Date(), (await userActor(user.id)).ip);
    revalidatePath(`/w/${workspace.slug}/members`);
    return { ok: true, message: (await getServerTranslator("members.invitations"))("revoked", { email }) };
  } catch (error) {
    return fromError(error);
  }
}
