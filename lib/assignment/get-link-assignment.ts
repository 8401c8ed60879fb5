import { getDatabase } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { linkId, linkNotFound } from "@/lib/links/get-link";
import type { LinkAssignment } from "./assignment-input";

export const assignmentSelect = {
  id: true,
  roundRobin: true,
  responseTargetMinutes: true,
  assignees: {
    orderBy: { position: "asc" },
    select: { membership: { select: { away: true, user: { select: { id: true, email: true, name: true } } } } },
  },
} satisfies Prisma.CaptureLinkSelect;

type AssignmentRow = Prisma.CaptureLinkGetPayload<{ select: typeof assignmentSelect }>;

export function toLinkAssignment(row: AssignmentRow): LinkAssignment {
  return {
    linkId: row.id,
    roundRobin: row.roundRobin,
    assignees: row.assignees.map(({ membership }) => ({ ...membership.user, away: membership.away })),
    responseTargetMinutes: row.responseTargetMinutes,
  };
}

/** The workspace's link's assignment settings; AppError `capture_link_not_found` for any other id. */
export async function getLinkAssignment(workspaceId: string, value: string): Promise<LinkAssignment> {
  const id = linkId(value);
  if (!id) throw linkNotFound(value);
  const { prisma } = await getDatabase();
  const row = await prisma.captureLink.findFirst({ where: { id, workspaceId }, select: assignmentSelect });
  if (!row) throw linkNotFound(value);
  return toLinkAssignment(row);
}
