import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { defaultWorkspaceTimeZone, messageLanguage } from "@/lib/i18n/message-language";
import { parseInput } from "@/lib/validation/parse-input";
import { addMember } from "./add-member";
import type { WorkspaceSummary } from "./find-workspace";
import { WorkspaceInput } from "./workspace-input";

/**
 * Creates a workspace; with `ownerEmail`, that existing user becomes its owner in the same transaction,
 * so a missing user leaves no ownerless workspace behind. With an `actor`, the new workspace's log starts
 * with its creation. Its language and time zone start from the owner's language and the country (DESIGN.md
 * section 13).
 */
export async function createWorkspace(
  input: WorkspaceInput,
  options: { ownerEmail?: string; actor?: AuditActor } = {},
): Promise<WorkspaceSummary> {
  const { name, slug, country } = parseInput(WorkspaceInput, input, "workspace");
  const { prisma } = await getDatabase();
  try {
    return await prisma.$transaction(async (tx) => {
      // The owner's language (when they chose one on the account page) and the country's zone, until changed in settings.
      const ownerLocale =
        options.ownerEmail === undefined
          ? null
          : ((await tx.user.findUnique({ where: { email: options.ownerEmail.trim().toLowerCase() }, select: { locale: true } }))
              ?.locale ?? null);
      const language = messageLanguage({ ownerLocale, country });
      const workspace = await tx.workspace.create({
        data: { name, slug, country, language, timeZone: defaultWorkspaceTimeZone(country) },
        select: { id: true, slug: true, name: true, country: true },
      });
      const owner =
        options.ownerEmail === undefined
          ? undefined
          : await addMember(workspace.id, { email: options.ownerEmail, role: "owner" }, tx);
      if (options.actor) {
        const event = { workspaceId: workspace.id, action: "workspace.created", targetType: "workspace" } as const;
        const details = { name: workspace.name, slug: workspace.slug, country: workspace.country, owner: owner?.email ?? null };
        await recordAudit(options.actor, { ...event, targetId: workspace.id, details }, tx);
      }
      return workspace;
    });
  } catch (error) {
    // The unique index, not a prior look-up, decides: two admins creating one slug at once cannot both win.
    if (uniqueViolation(error) === "workspaces_slug_key") {
      throw new AppError("slug_taken", `The slug "${slug}" is already used by another workspace. Choose another one.`, {
        errors: [{ field: "slug", code: "taken", message: "is already used by another workspace" }],
      });
    }
    throw error;
  }
}
