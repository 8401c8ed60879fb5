"use server";

import { redirect } from "next/navigation";
import { resetPassword } from "@/lib/auth/password-reset";
import { type ActionState, fromError } from "@/lib/forms/action-state";

export async function resetPasswordAction(token: string, _previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    await resetPassword(token, { password: String(form.get("password") ?? "") });
  } catch (error) {
    return fromError(error);
  }
  redirect("/signin?reset=1");
}
