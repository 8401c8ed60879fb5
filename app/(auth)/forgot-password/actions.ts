"use server";

import { headers } from "next/headers";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { type ActionState, fromError, submittedValues } from "@/lib/forms/action-state";
import { clientIpOf } from "@/lib/http/request-meta";

export async function forgotPasswordAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    await requestPasswordReset({ email: String(form.get("email") ?? "") }, clientIpOf(await headers()));
    // The same answer whether or not the address has an account.
    return {
      ok: true,
      message: "If this address has a Leadlink account, a link to choose a new password is on its way. It works for 1 hour.",
    };
  } catch (error) {
    return { ...fromError(error), values: submittedValues(form) };
  }
}
