"use server";

import { redirect } from "next/navigation";
import { type ActionState, fromError, submittedValues } from "@/lib/forms/action-state";
import { acceptInvitation } from "@/lib/invitations/accept-invitation";
import { requestIp } from "@/lib/request/request-actor";

export async function acceptInvitationAction(token: string, _previous: ActionState, form: FormData): Promise<ActionState> {
  let email: string;
  try {
    const input = { name: String(form.get("name") ?? ""), password: String(form.get("password") ?? "") };
    ({ email } = await acceptInvitation(token, input, new Date(), await requestIp()));
  } catch (error) {
    return { ...(await fromError(error)), values: submittedValues(form) };
  }
  redirect(`/signin?invited=${encodeURIComponent(email)}`);
}
