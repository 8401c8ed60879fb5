"use server";

import { changePassword } from "@/lib/auth/change-password";
import { currentSession } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import type { ActionState } from "@/lib/forms/action-state";
import { formFailure } from "@/lib/forms/form-failure";
import { getServerTranslator } from "@/lib/request/server-translator";

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Changes the signed-in user's password; this session stays signed in, every other one ends. */
export async function changePasswordAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const session = await currentSession();
    if (!session) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
    const newPassword = text(form, "newPassword");
    if (newPassword !== text(form, "repeatPassword")) {
      throw new AppError("validation_failed", "The new passwords differ.", {
        errors: [{ field: "repeatPassword", code: "mismatch", message: "is not the same as the new password" }],
      });
    }
    const { sessionsEnded } = await changePassword(session.user.id, session.sessionId, {
      currentPassword: text(form, "currentPassword"),
      newPassword,
    });
    const t = await getServerTranslator("account.password");
    return { ok: true, message: t("changed", { others: sessionsEnded }) };
  } catch (error) {
    return formFailure(error, form);
  }
}
