"use server";

import { revalidatePath } from "next/cache";
import { authorizeWorkspace } from "@/lib/auth/session";
import { enqueueDigestPreview } from "@/lib/channels/email/enqueue-digests";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { type ActionState, fromError } from "@/lib/forms/action-state";
import { mailEnabled } from "@/lib/mail/mail-config";
import type { NotificationInput } from "@/lib/notifications/notification-input";
import { setNotificationPreference } from "@/lib/notifications/set-notification-preference";
import { wakeOutbox } from "@/lib/outbox/wake";
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

/** "Send me a preview now": the digest of the last 24 hours, to the signed-in member only, whatever their choice. */
export async function sendDigestPreviewAction(slug: string, _previous: ActionState, _form: FormData): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "member");
    if (!mailEnabled()) throw new AppError("email_not_configured", "Email is off on this server: no preview can be sent.");
    if (!(await enqueueDigestPreview(await getDatabase(), workspace.id, user.id)))
      throw new AppError("workspace_not_found", "You are no longer a member of this workspace.");
    wakeOutbox();
    const t = await getServerTranslator("email.notifications");
    return { ok: true, message: t("previewSent", { email: user.email }) };
  } catch (error) {
    return fromError(error);
  }
}
