import { z } from "zod";
import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { FieldIssue } from "@/lib/errors";
import { toFieldIssues, validationFailed } from "@/lib/validation/parse-input";
import { type CaptureLinkSummary, captureLinkSelect, toCaptureLinkSummary } from "./capture-link";
import { assertFormSettings } from "./form-settings";
import { LinkInput } from "./link-input";
import { LINK_SOURCES, type LinkSource, parseSourceSettings } from "./link-source-settings";
import { generateLinkToken } from "./link-token";

/**
 * Creates an active capture link in the workspace. The token has 131 random bits, so a collision
 * with an existing one is not a case to handle; the unique index would still refuse it. With an `actor`
 * (every admin, CLI and API path) the audit entry commits with the link.
 */
export async function createLink(workspaceId: string, input: LinkInput, actor?: AuditActor): Promise<CaptureLinkSummary> {
  const { sourceSettings, ...data } = parseLinkInput(input);
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
      data: {
        workspaceId,
        ...data,
        sourceSettings: (sourceSettings ?? undefined) as Prisma.InputJsonValue | undefined,
        token: generateLinkToken(),
      },
      select: captureLinkSelect,
    });
    if (actor) {
      const event = { workspaceId, action: "link.created", targetType: "capture_link", targetId: created.id } as const;
      await recordAudit(actor, { ...event, details: { name: created.name, source: created.source } }, tx);
    }
    return created;
  });
  return toCaptureLinkSummary(link);
}

/**
 * The link's fields and its source's settings, checked together: one 422 names every invalid part
 * (`name`, `sourceSettings.appSecret`…). The source's settings are checked against the source sent, or
 * not at all when the source itself is invalid.
 */
function parseLinkInput(input: LinkInput) {
  const parsed = LinkInput.safeParse(input);
  const errors: FieldIssue[] = parsed.success ? [] : toFieldIssues(parsed.error);
  const raw = (typeof input === "object" && input !== null ? input : {}) as { source?: unknown; sourceSettings?: unknown };
  const source = (raw.source ?? "json") as LinkSource;
  const settings = LINK_SOURCES.includes(source) ? parseSourceSettings(source, raw.sourceSettings) : undefined;
  if (settings && !settings.ok) errors.push(...settings.errors);
  if (!parsed.success || errors.length > 0) {
    const issues = [...(parsed.success ? [] : parsed.error.issues), ...(settings && !settings.ok ? settings.issues : [])];
    throw validationFailed("capture link", errors, new z.ZodError(issues));
  }
  return { ...parsed.data, sourceSettings: settings?.ok ? settings.settings : null };
}
