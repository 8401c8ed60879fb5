"use server";

import { headers } from "next/headers";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { type ActionState, fromError, submittedValues } from "@/lib/forms/action-state";
import { clientIpOf } from "@/lib/http/request-meta";
import { getServerTranslator } from "@/lib/request/server-translator";

export async function forgotPasswordAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    await requestPasswordReset({ email: String(form.get("email") ?? "") }, clientIpOf(await headers()));
    // The same answer whether or not the address has an account.
    return {
      ok: true,
      message: (await getServerTranslator("email.auth"))("forgotSent"),
    };
  } catch (error) {
    return { ...(await fromError(error)), values: submittedValues(form) };
  }
}
