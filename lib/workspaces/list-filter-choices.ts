import { getDatabase } from "@/lib/db/client";
import type { LinkChoice } from "@/lib/links/list-links";
import { byRoleThenEmail } from "@/lib/workspaces/list-members";
import type { Role } from "@/lib/workspaces/member-rules";

/** A member as the leads page offers them: the owner filter, the bulk bar and the owner column. */
export interface MemberChoice {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
}

/** What the leads page's filters, bulk bar and table name things with. */
export interface FilterChoices {
  /** listLinkChoices' links, in its order. */
  links: LinkChoice[];
  /** listMembers' members, in its order, without when they joined. */
  members: MemberChoice[];
  /** listTags' tags, A→Z. */
  tags: string[];
}

/**
 * The workspace's links, members and tags for the leads page, in one statement: the three lists
 * (listLinkChoices, listMembers and listTags, which other pages keep using) cost a statement each on every
 * render of the page. Each list is the same query as its own, aggregated as JSON
 * (tests/integration/page-queries.test.ts compares them).
 */
export async function listFilterChoices(workspaceId: string): Promise<FilterChoices> {
  const { prisma } = await getDatabase();
  const [row] = await prisma.$queryRaw<{ links: LinkChoice[]; members: MemberChoice[]; tags: string[] }[]>`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', c.id::text, 'name', c.name, 'status', c.status::text, 'token', c.token)
                                ORDER BY c.created_at DESC, c.id DESC), '[]'::json)
       FROM capture_links c WHERE c.workspace_id = ${workspaceId}::uuid) AS links,
      (SELECT coalesce(json_agg(json_build_object('userId', u.id::text, 'email', u.email, 'name', u.name, 'role', m.role::text)), '[]'::json)
       FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = ${workspaceId}::uuid) AS members,
      (SELECT coalesce(json_agg(t.name ORDER BY t.key), '[]'::json)
       FROM lead_tags t WHERE t.workspace_id = ${workspaceId}::uuid) AS tags`;
  return { links: row!.links, members: row!.members.sort(byRoleThenEmail), tags: row!.tags };
}
