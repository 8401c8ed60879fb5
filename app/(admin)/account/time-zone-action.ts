"use server";

import { revalidatePath } from "next/cache";
import { currentUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import type { ActionState } from "@/lib/forms/action-state";
import { formFailure } from "@/lib/forms/form-failure";
import { zoneName } from "@/lib/i18n/zone-name";
import { getServerTranslator } from "@/lib/request/server-translator";
import { setUserTimeZone } from "@/lib/users/user-time-zone";

/** The value of the account page's "each workspace's zone" choice: no zone of one's own. */
const WORKSPACE_ZONE = "workspace";

/**
 * Stores the signed-in user's own time zone (DESIGN.md section 13): their emails' times, their digest's day
 * and the admin's times follow it. "workspace" clears it (each workspace's zone for its emails).
 */
export async function setTimeZoneAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const user = await currentUser();
    if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
    const value = form.get("timeZone");
    const zone = await setUserTimeZone(user.id, value === WORKSPACE_ZONE ? null : typeof value === "string" ? value : "");
    // The admin's times change on every page, not only this one.
    revalidatePath("/", "layout");
    const t = await getServerTranslator("account.timeZone");
    return { ok: true, message: zone ? t("saved", { zone: zoneName(t, zone) }) : t("savedWorkspace") };
  } catch (error) {
    return formFailure(error, form);
  }
}
