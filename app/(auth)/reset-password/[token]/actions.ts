"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { resetPassword } from "@/lib/auth/password-reset";
import { type ActionState, fromError } from "@/lib/forms/action-state";
import { clientIpOf } from "@/lib/http/request-meta";

export async function resetPasswordAction(token: string, _previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    await resetPassword(token, { password: String(form.get("password") ?? "") }, clientIpOf(await headers()));
  } catch (error) {
    return fromError(error);
  }
  redirect("/signin?reset=1");
}
