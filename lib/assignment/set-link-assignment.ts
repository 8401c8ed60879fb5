import { auditChanges } from "@/lib/audit/audit-changes";
import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { linkId, linkNotFound, linkRevoked } from "@/lib/links/get-link";
import { parseInput } from "@/lib/validation/parse-input";
import { type LinkAssignment, LinkAssignmentInput } from "./assignment-input";
import { assignmentSelect, toLinkAssignment } from "./get-link-assignment";

function notMembers(): AppError {
  return new AppError("member_not_found", "Every member of the rotation must be a member of this workspace.", {
    errors: [{ field: "assigneeIds", code: "member_not_found", message: "must be members of this workspace" }],
  });
}

/** The audit log's view of the settings: the rotation by the members' emails. */
function audited(assignment: LinkAssignment) {
  return {
    roundRobin: assignment.roundRobin,
    assignees: assignment.assignees.map((member) => member.email),
    responseTargetMinutes: assignment.responseTargetMinutes,
  };
}

/**
 * Changes a link's round-robin, its rotation (members of the workspace only, in the order given) and its
 * response target (DESIGN.md section 16); keys left out keep their value. Scoped to the workspace (another
 * workspace's link is not found); a revoked link's settings no longer change. Turning the rotation on creates
 * its position row (ingest moves it: rotation-sql.ts); setting a target starts its clock now, so leads older
 * than the target's setting are never announced. With an `actor`, what changed is audited as `link.updated`
 * in the same transaction; ingest's cached view of the link is forgotten before this returns.
 */
export async function setLinkAssignment(
  workspaceId: string,
  value: string,
  input: LinkAssignmentInput,
  actor?: AuditActor,
): Promise<LinkAssignment> {
  const settings = parseInput(LinkAssignmentInput, input, "assignment settings");
  const id = linkId(value);
  if (!id) throw linkNotFound(value);
  const where = { id, workspaceId };
  const { prisma } = await getDatabase();
  const result = await prisma.$transaction(async (tx) => {
    const stored = await tx.captureLink.findFirst({ where, select: { ...assignmentSelect, name: true, status: true } });
    if (!stored) throw linkNotFound(value);
    if (stored.status !== "active") throw linkRevoked();
    const before = toLinkAssignment(stored);
    if (settings.assigneeIds) {
      const ids = settings.assigneeIds;
      // Locked like a lead's owner (lead-owner.ts): a member leaving waits, then leaves the rotation by cascade.
      const members = await tx.$queryRaw<{ user_id: string }[]>`
        SELECT user_id::text FROM memberships WHERE workspace_id = ${workspaceId}::uuid AND user_id = ANY (${ids}::uuid[])
        FOR SHARE`;
      if (members.length !== ids.length) throw notMembers();
      await tx.linkAssignee.deleteMany({ where: { captureLinkId: id } });
      await tx.linkAssignee.createMany({
        data: ids.map((userId, position) => ({ captureLinkId: id, workspaceId, userId, position })),
      });
    }
    const target = settings.responseTargetMinutes;
    const targetChanged = target !== undefined && target !== before.responseTargetMinutes;
    const { count } = await tx.captureLink.updateMany({
      where: { ...where, status: "active" },
      data: {
        ...(settings.roundRobin === undefined ? {} : { roundRobin: settings.roundRobin }),
        ...(targetChanged ? { responseTargetMinutes: target, responseTargetSince: target === null ? null : new Date() } : {}),
      },
    });
    if (count === 0) throw linkRevoked();
    await tx.linkRotation.upsert({ where: { captureLinkId: id }, create: { captureLinkId: id }, update: {} });
    const updated = await tx.captureLink.findFirst({ where, select: assignmentSelect });
    if (!updated) throw linkNotFound(value);
    const after = toLinkAssignment(updated);
    const changes = auditChanges(audited(before), audited(after), ["roundRobin", "assignees", "responseTargetMinutes"]);
    if (actor && changes.length > 0) {
      const event = { workspaceId, action: "link.updated", targetType: "capture_link", targetId: id } as const;
      await recordAudit(actor, { ...event, details: { name: stored.name, changes } }, tx);
    }
    return after;
  });
  await invalidateCaptureLinks(workspaceId);
  return result;
}
