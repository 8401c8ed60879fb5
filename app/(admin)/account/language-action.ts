"use server";

import { revalidatePath } from "next/cache";
import { currentUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import type { ActionState } from "@/lib/forms/action-state";
import { formFailure } from "@/lib/forms/form-failure";
import { isLocale } from "@/lib/i18n/locales";
import { setUserLocale } from "@/lib/i18n/user-locale";
import { getServerTranslator } from "@/lib/request/server-translator";

/** Stores the signed-in user's language ("auto": follow the browser) and answers in the new language. */
export async function setLanguageAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const user = await currentUser();
    if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
    const value = form.get("locale");
    if (value !== "auto" && !isLocale(value)) {
      throw new AppError("validation_failed", "The language is not one the admin offers.", {
        errors: [{ field: "locale", code: "invalid_locale", message: "must be auto, en or pt-BR" }],
      });
    }
    await setUserLocale(user.id, value === "auto" ? null : value);
    // Every page's text changes, not only this one's.
    revalidatePath("/", "layout");
    const t = await getServerTranslator("account.language");
    return { ok: true, message: t("saved") };
  } catch (error) {
    return formFailure(error, form);
  }
}
