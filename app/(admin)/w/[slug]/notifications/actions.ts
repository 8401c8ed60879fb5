"use server";

import { revalidatePath } from "next/cache";
import { authorizeWorkspace } from "@/lib/auth/session";
import { type ActionState, fromError } from "@/lib/forms/action-state";
import type { NotificationInput } from "@/lib/notifications/notification-input";
import { setNotificationPreference } from "@/lib/notifications/set-notification-preference";
import { getServerTranslator } from "@/lib/request/server-translator";

/** Every member sets their own notifications, and only their own. */
export async function saveNotificationsAction(slug: string, _previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "member");
    const links = form.get("scope") === "chosen" ? form.getAll("link").map(String) : [];
    const saved = await setNotificationPreference(workspace.id, user.id, {
      mode: String(form.get("mode") ?? "") as NotificationInput["mode"],
      linkIds: links,
      // Absent when the server has no WhatsApp (the box is not shown): the number saved stays.
      whatsappNumber: form.has("whatsapp") ? String(form.get("whatsapp")) : undefined,
    });
    revalidatePath(`/w/${workspace.slug}/notifications`);
    const t = await getServerTranslator("email.notifications");
    return { ok: true, message: t("saved", { mode: saved.mode }) };
  } catch (error) {
    return fromError(error);
  }
}
