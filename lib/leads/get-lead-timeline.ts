import { getDatabase } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { TimelineSubmission } from "./get-lead-detail";
import { type LeadNote, listLeadNotes } from "./lead-notes";
import type { LeadChangeField } from "./record-lead-changes";

/** A person as the timeline names them; null when their account was deleted ("a former member"). */
export type TimelinePerson = { id: string; email: string; name: string | null } | null;

/** One recorded change of a lead's status, owner or tags, with who made it. */
export interface LeadChange {
  id: string;
  createdAt: Date;
  field: LeadChangeField;
  /** Status: its value; tags: the lists before and after. */
  from: string | string[] | null;
  to: string | string[] | null;
  /** Owner changes: the members before and after (null: unassigned, or an account deleted since). */
  fromOwner?: TimelinePerson;
  toOwner?: TimelinePerson;
  /** `automatic`: a link's round-robin gave the lead its first owner as it was created (lib/assignment). */
  actor: { kind: "user"; user: TimelinePerson } | { kind: "api_key"; name: string | null } | { kind: "automatic" };
}

export type TimelineItem =
  | { kind: "note"; at: Date; note: LeadNote }
  | { kind: "submission"; at: Date; submission: TimelineSubmission }
  | { kind: "change"; at: Date; change: LeadChange };

/** How many changes the lead page shows, like its notes. */
const CHANGES_LIMIT = 200;

const personSelect = { id: true, email: true, name: true } satisfies Prisma.UserSelect;

const changeSelect = {
  id: true,
  createdAt: true,
  field: true,
  from: true,
  to: true,
  actorKeyId: true,
  actorUserId: true,
  actorUser: { select: personSelect },
  actorKey: { select: { name: true } },
  lead: { select: { createdAt: true } },
} satisfies Prisma.LeadChangeSelect;

/**
 * A round-robin assignment is written by the statement that creates the lead, with no actor: the same transaction
 * time as the lead's (a deleted member's change, also without actor, is never at the lead's creation).
 */
function automatic(row: {
  actorKeyId: string | null;
  actorUserId: string | null;
  field: string;
  createdAt: Date;
  lead: { createdAt: Date };
}) {
  return !row.actorKeyId && !row.actorUserId && row.field === "owner" && row.createdAt.getTime() === row.lead.createdAt.getTime();
}

function stored(value: Prisma.JsonValue): string | string[] | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return null;
}

/** A lead's changes, newest first (scoped to the workspace), with the people they name. */
export async function listLeadChanges(workspaceId: string, leadId: string): Promise<LeadChange[]> {
  const { prisma } = await getDatabase();
  const rows = await prisma.leadChange.findMany({
    where: { workspaceId, leadId },
    // One save's changes share their transaction's time: then in a fixed order (owner, status, tags).
    orderBy: [{ createdAt: "desc" }, { field: "asc" }, { id: "desc" }],
    take: CHANGES_LIMIT,
    select: changeSelect,
  });
  const ownerIds = rows
    .filter((row) => row.field === "owner")
    .flatMap((row) => [stored(row.from), stored(row.to)])
    .filter((id): id is string => typeof id === "string");
  const owners = ownerIds.length
    ? await prisma.user.findMany({ where: { id: { in: [...new Set(ownerIds)] } }, select: personSelect })
    : [];
  const byId = new Map(owners.map((owner) => [owner.id, owner]));
  const person = (value: Prisma.JsonValue): TimelinePerson => {
    const id = stored(value);
    return typeof id === "string" ? (byId.get(id) ?? null) : null;
  };
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    field: row.field as LeadChangeField,
    from: stored(row.from),
    to: stored(row.to),
    ...(row.field === "owner" && { fromOwner: person(row.from), toOwner: person(row.to) }),
    actor: automatic(row)
      ? { kind: "automatic" }
      : row.actorKeyId
        ? { kind: "api_key", name: row.actorKey?.name ?? null }
        : { kind: "user", user: row.actorUser },
  }));
}

/**
 * The lead page's timeline: the submissions it shows (from getLeadDetail), the notes and the changes of
 * status, owner and tags, merged newest first.
 */
export async function getLeadTimeline(
  workspaceId: string,
  leadId: string,
  submissions: TimelineSubmission[],
): Promise<TimelineItem[]> {
  const [notes, changes] = await Promise.all([listLeadNotes(workspaceId, leadId), listLeadChanges(workspaceId, leadId)]);
  const items: TimelineItem[] = [
    ...changes.map((change) => ({ kind: "change" as const, at: change.createdAt, change })),
    ...notes.map((note) => ({ kind: "note" as const, at: note.createdAt, note })),
    ...submissions.map((submission) => ({ kind: "submission" as const, at: submission.receivedAt, submission })),
  ];
  // A stable sort: entries of one instant stay in the order above.
  return items.sort((a, b) => b.at.getTime() - a.at.getTime());
}
