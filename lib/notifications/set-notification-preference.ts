import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { normalisePhone } from "@/lib/normalise/phone";
import { phoneE164 } from "@/lib/phone/format-phone";
import { parseInput, validationFailed } from "@/lib/validation/parse-input";
import { NotificationInput, type NotificationMode, type NotificationPreferenceJson } from "./notification-input";

/**
 * Sets what a member of the workspace is emailed (and sent on WhatsApp) about its leads. Links must be the workspace's own (another
 * workspace's id is refused like a mistyped one). Ingest reads the choice through the capture link cache, so
 * this process sees it at once and other instances within its 5 s.
 */
export async function setNotificationPreference(
  workspaceId: string,
  userId: string,
  input: NotificationInput,
): Promise<NotificationPreferenceJson> {
  const { mode, linkIds, whatsappNumber } = parseInput(NotificationInput, input, "notification settings");
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
  const whatsapp = whatsappNumber === undefined ? undefined : await whatsappDigits(workspaceId, whatsappNumber);
  const saved = await prisma.notificationPreference.upsert({
    where: { workspaceId_userId: { workspaceId, userId } },
    create: { workspaceId, userId, mode, linkIds: links, whatsappNumber: whatsapp ?? null },
    update: { mode, linkIds: links, ...(whatsapp !== undefined && { whatsappNumber: whatsapp }), updatedAt: new Date() },
    select: { mode: true, linkIds: true, whatsappNumber: true },
  });
  invalidateCaptureLinks(workspaceId);
  return {
    mode: saved.mode as NotificationMode,
    links: saved.linkIds,
    whatsapp: saved.whatsappNumber ? phoneE164(saved.whatsappNumber) : null,
  };
}

/** A WhatsApp number as leads' phones are stored (E.164 digits, read in the workspace's country); null: none. */
async function whatsappDigits(workspaceId: string, number: string | null): Promise<string | null> {
  if (!number) return null;
  const { prisma } = await getDatabase();
  const workspace = await prisma.workspace.findUnique({ where: { id: workspaceId }, select: { country: true } });
  const normalised = normalisePhone(number, workspace?.country ?? "BR");
  if (!normalised.ok) {
    throw validationFailed("notification settings", [
      { field: "whatsappNumber", code: normalised.code, message: normalised.message },
    ]);
  }
  return normalised.value ?? null;
}
