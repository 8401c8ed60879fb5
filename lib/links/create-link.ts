import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import { parseInput } from "@/lib/validation/parse-input";
import { type CaptureLinkSummary, captureLinkSelect, toCaptureLinkSummary } from "./capture-link";
import { assertFormSettings } from "./form-settings";
import { LinkInput } from "./link-input";
import { generateLinkToken } from "./link-token";

/**
 * Creates an active capture link in the workspace. The token has 131 random bits, so a collision
 * with an existing one is not a case to handle; the unique index would still refuse it. With an `actor`
 * (every admin, CLI and API path) the audit entry commits with the link.
 */
export async function createLink(workspaceId: string, input: LinkInput, actor?: AuditActor): Promise<CaptureLinkSummary> {
  const data = parseInput(LinkInput, input, "capture link");
  assertFormSettings({
    allowedOrigins: data.allowedOrigins,
    successUrl: data.successUrl ?? null,
    errorUrl: data.errorUrl ?? null,
    captchaProvider: data.captchaProvider ?? null,
    captchaSecret: data.captchaSecret ?? null,
    captchaSiteKey: data.captchaSiteKey ?? null,
  });
  const { prisma } = await getDatabase();
  const link = await prisma.$transaction(async (tx) => {
    const created = await tx.captureLink.create({
      data: { workspaceId, ...data, token: generateLinkToken() },
      select: captureLinkSelect,
    });
    if (actor) {
      const event = { workspaceId, action: "link.created", targetType: "capture_link", targetId: created.id } as const;
      await recordAudit(actor, { ...event, details: { name: created.name } }, tx);
    }
    return created;
  });
  return toCaptureLinkSummary(link);
}
