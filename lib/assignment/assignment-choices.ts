import { getDatabase } from "@/lib/db/client";
import { listMembers } from "@/lib/workspaces/list-members";
import type { LinkAssignment } from "./assignment-input";
import { getLinkAssignment } from "./get-link-assignment";

/** A member the link page's assignment form offers, and whether they are away. */
export interface AssignmentChoice {
  id: string;
  label: string;
  away: boolean;
}

/** A link's assignment settings and every member of the workspace to choose from (the form of the link page). */
export async function loadAssignmentChoices(
  workspaceId: string,
  linkId: string,
): Promise<{ settings: LinkAssignment; members: AssignmentChoice[] }> {
  const { prisma } = await getDatabase();
  const [settings, members, away] = await Promise.all([
    getLinkAssignment(workspaceId, linkId),
    listMembers(workspaceId),
    prisma.membership.findMany({ where: { workspaceId, away: true }, select: { userId: true } }),
  ]);
  const awayIds = new Set(away.map((row) => row.userId));
  return {
    settings,
    members: members.map((member) => ({
      id: member.userId,
      label: member.name ? `${member.name} (${member.email})` : member.email,
      away: awayIds.has(member.userId),
    })),
  };
}
