import { getDatabase } from "@/lib/db/client";
import { phoneE164 } from "@/lib/phone/format-phone";
import type { NotificationMode, NotificationPreferenceJson } from "./notification-input";

/** What the member is emailed (and sent on WhatsApp) about the workspace's leads; "none" when they never chose. */
export async function getNotificationPreference(workspaceId: string, userId: string): Promise<NotificationPreferenceJson> {
  const { prisma } = await getDatabase();
  const found = await prisma.notificationPreference.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { mode: true, linkIds: true, whatsappNumber: true },
  });
  return {
    mode: (found?.mode ?? "none") as NotificationMode,
    links: found?.linkIds ?? [],
    whatsapp: found?.whatsappNumber ? phoneE164(found.whatsappNumber) : null,
  };
}
