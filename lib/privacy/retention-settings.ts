import { z } from "zod";
import { auditChanges } from "@/lib/audit/audit-changes";
import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import { parseInput } from "@/lib/validation/parse-input";

const Days = z.coerce
  .number({ error: "must be a number of days" })
  .int("must be a whole number of days")
  .min(1, "must be at least 1 day")
  .max(3650, "must be at most 3650 days (10 years)");

/** A workspace's retention windows in days (DESIGN.md section 9). */
export const RetentionSettings = z.object({
  rejectedPayloadDays: Days,
  requestMetaDays: Days,
  webhookAttemptDays: Days,
});
export type RetentionSettings = z.output<typeof RetentionSettings>;

export const DEFAULT_RETENTION: RetentionSettings = { rejectedPayloadDays: 30, requestMetaDays: 180, webhookAttemptDays: 30 };

export async function getRetentionSettings(workspaceId: string): Promise<RetentionSettings> {
  const { prisma } = await getDatabase();
  const workspace = await prisma.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { retentionRejectedPayloadDays: true, retentionRequestMetaDays: true, retentionWebhookAttemptDays: true },
  });
  return {
    rejectedPayloadDays: workspace.retentionRejectedPayloadDays,
    requestMetaDays: workspace.retentionRequestMetaDays,
    webhookAttemptDays: workspace.retentionWebhookAttemptDays,
  };
}

/** Changes the windows; the next purge (at most an hour away) applies them. Audited with old and new values. */
export async function updateRetentionSettings(
  workspaceId: string,
  input: z.input<typeof RetentionSettings>,
  actor: AuditActor,
): Promise<RetentionSettings> {
  const settings = parseInput(RetentionSettings, input, "retention settings");
  const before = await getRetentionSettings(workspaceId);
  const { prisma } = await getDatabase();
  await prisma.workspace.update({
    where: { id: workspaceId },
    data: {
      retentionRejectedPayloadDays: settings.rejectedPayloadDays,
      retentionRequestMetaDays: settings.requestMetaDays,
      retentionWebhookAttemptDays: settings.webhookAttemptDays,
    },
  });
  await recordAudit(actor, {
    workspaceId,
    action: "privacy.retention_changed",
    targetType: "workspace",
    targetId: workspaceId,
    details: {
      rejectedPayloadDays: settings.rejectedPayloadDays,
      requestMetaDays: settings.requestMetaDays,
      webhookAttemptDays: settings.webhookAttemptDays,
      changes: auditChanges(before, settings, ["rejectedPayloadDays", "requestMetaDays", "webhookAttemptDays"]),
    },
  });
  return settings;
}
