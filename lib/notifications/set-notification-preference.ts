import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { parseInput, validationFailed } from "@/lib/validation/parse-input";
import { NotificationInput, type NotificationMode, type NotificationPreferenceJson } from "./notification-input";

/**
 * Sets what a member of the workspace is emailed about its leads. Links must be the workspace's own (another
 * workspace's id is refused like a mistyped one). Ingest reads the choice through the capture link cache, so
 * this process sees it at once and other instances within its 5 s.
 */
export async function setNotificationPreference(
  workspaceId: string,
  userId: string,
  input: NotificationInput,
): Promise<NotificationPreferenceJson> {
  const { mode, linkIds } = parseInput(NotificationInput, input, "notification settings");
  const links = [...new Set(linkIds)];
  const { prisma } = await getDatabase();
  if (links.length > 0) {
    const found = await prisma.captureLink.count({ where: { workspaceId, id: { in: links } } });
    if (found !== links.length) {
      throw validationFailed("notification settings", [
        { field: "links", code: "link_not_found", message: "names a capture link this workspace does not have" },
      ]);
    }
  }
  const membership = await prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { userId: true },
  });
  if (!membership) throw new AppError("member_not_found", "This person is not a member of the workspace.");
  const saved = await prisma.notificationPreference.upsert({
    where: { workspaceId_userId: { workspaceId, userId } },
    create: { workspaceId, userId, mode, linkIds: links },
    update: { mode, linkIds: links, updatedAt: new Date() },
    select: { mode: true, linkIds: true },
  });
  invalidateCaptureLinks(workspaceId);
  return { mode: saved.mode as NotificationMode, links: saved.linkIds };
}
