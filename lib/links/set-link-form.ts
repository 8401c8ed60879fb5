import { isDeepStrictEqual } from "node:util";
import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import type { FieldIssue } from "@/lib/errors";
import { toFieldIssues, validationFailed } from "@/lib/validation/parse-input";
import { linkNotFound, linkRevoked } from "./get-link";
import { loadLinkFormContext, withDefaultWords } from "./get-link-form";
import { type CustomFieldLabels, jsonPath, type LinkFormSettings, linkFormSettingsSchema } from "./link-form-settings";

/**
 * Replaces a link's form settings (DESIGN.md section 12) and returns the document as stored: labels and
 * words left empty are filled in the form's language, so what the hosted form shows is what `show` prints.
 * Invalid input is AppError `validation_failed` listing every invalid part by its JSON path (`fields[2].key`,
 * `theme.color`); a custom field key must name an active custom field of the workspace, and a link that
 * requires consent must ask for it. Another workspace's link is `capture_link_not_found`; a revoked link's
 * settings no longer change (`capture_link_revoked`). With an `actor`, the change is audited with it.
 */
export async function setLinkForm(
  workspaceId: string,
  id: string,
  input: unknown,
  actor?: AuditActor,
): Promise<LinkFormSettings> {
  const database = await getDatabase();
  const link = await loadLinkFormContext(database, workspaceId, id);
  const customFields = await loadCustomFieldLabels(workspaceId);
  const parsed = linkFormSettingsSchema({ customFields, requireConsent: link.requireConsent }).safeParse(input);
  if (!parsed.success) {
    const errors: FieldIssue[] = toFieldIssues(parsed.error).map((issue, index) => ({
      ...issue,
      field: jsonPath(parsed.error.issues[index]?.path ?? []),
    }));
    throw validationFailed("form settings", errors, parsed.error);
  }
  const labels = new Map([...customFields].map(([name, field]) => [name, field.label]));
  const form = withDefaultWords(parsed.data, labels);
  // One source of truth for "refuse leads without consent": the link's requireConsent column, which the
  // capture endpoint reads. A form whose consent is required turns it on; the form cannot turn it off (the
  // schema refuses a form without required consent on such a link: that is the link settings' decision).
  const requireConsent = link.requireConsent || form.consent?.required === true;
  const { prisma } = database;
  await prisma.$transaction(async (tx) => {
    // The workspace is part of the write itself: another workspace's id updates nothing and is not found.
    const { count } = await tx.captureLink.updateMany({
      where: { id: link.id, workspaceId, status: "active" },
      data: { form, requireConsent },
    });
    if (count === 0) {
      const exists = await tx.captureLink.count({ where: { id: link.id, workspaceId } });
      throw exists > 0 ? linkRevoked() : linkNotFound(id);
    }
    // Saving the same document again changes nothing worth an entry.
    const consentTurnedOn = requireConsent !== link.requireConsent;
    if (actor && (consentTurnedOn || !isDeepStrictEqual(link.form, form))) {
      const event = { workspaceId, action: "link.updated", targetType: "capture_link", targetId: link.id } as const;
      // The document can be long: the entry names what changed, the document itself is the link's.
      const changes = [{ field: "form" }, ...(consentTurnedOn ? [{ field: "requireConsent", from: false, to: true }] : [])];
      await recordAudit(actor, { ...event, details: { name: link.name, changes } }, tx);
    }
  });
  // The capture context (lib/cache/capture-links.ts) carries requireConsent and the form's success URL.
  invalidateCaptureLinks(workspaceId);
  return form;
}

/** The workspace's custom fields by name, archived ones marked (a form may not ask for them). */
async function loadCustomFieldLabels(workspaceId: string): Promise<CustomFieldLabels> {
  const { prisma } = await getDatabase();
  const fields = await prisma.customField.findMany({
    where: { workspaceId },
    select: { name: true, label: true, archivedAt: true },
  });
  return new Map(fields.map((field) => [field.name, { label: field.label, archived: field.archivedAt !== null }]));
}
