import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { wakeOutbox } from "@/lib/outbox/wake";
import { parseInput } from "@/lib/validation/parse-input";
import { emitLeadUpdated } from "./emit-lead-updated";
import { firstResponseSet } from "./first-response";
import { leadErased, leadIdOrNotFound, leadNotFound } from "./get-lead";
import { type LeadNoteInput, leadNoteSchema } from "./lead-workflow-input";

export interface LeadNote {
  id: string;
  body: string;
  createdAt: Date;
  /** Null when the author's account was deleted. */
  author: { id: string; email: string; name: string | null } | null;
}

/**
 * Adds a member's note to a lead of the workspace. A note is a change to the lead: `updatedAt` moves (a sync
 * reading `updatedAfter` sees it) and `lead.updated` is emitted, in the same transaction. An erased lead takes
 * no note (`lead_erased`): its text would be personal data written back.
 */
export async function addLeadNote(
  db: Database,
  request: { workspaceId: string; leadId: string; authorUserId: string; note: LeadNoteInput },
): Promise<LeadNote> {
  const { workspaceId } = request;
  const leadId = leadIdOrNotFound(request.leadId);
  const { body } = parseInput(leadNoteSchema, request.note, "note");
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const touched = await tx.sql(Prisma.sql`
      UPDATE leads SET updated_at = now() ${firstResponseSet(true)}
      WHERE id = ${leadId}::uuid AND workspace_id = ${workspaceId}::uuid AND erased_at IS NULL RETURNING id`);
    if (touched.length === 0) {
      // Only to word the refusal: nothing was written either way.
      const [erased] = await tx.sql(Prisma.sql`
        SELECT 1 FROM leads WHERE id = ${leadId}::uuid AND workspace_id = ${workspaceId}::uuid AND erased_at IS NOT NULL`);
      throw erased ? leadErased(request.leadId) : leadNotFound(request.leadId);
    }
    await tx.sql(Prisma.sql`
      INSERT INTO lead_notes (id, workspace_id, lead_id, author_id, body)
      VALUES (${id}::uuid, ${workspaceId}::uuid, ${leadId}::uuid, ${request.authorUserId}::uuid, ${body})`);
    // The note's text never leaves in a message (DESIGN.md section 13): only that one was added.
    await emitLeadUpdated(tx, workspaceId, [{ leadId, changes: [{ field: "note", from: null, to: "added" }] }]);
  });
  wakeOutbox();
  const [note] = await listLeadNotes(workspaceId, leadId, { id });
  return note!;
}

const noteSelect = {
  id: true,
  body: true,
  createdAt: true,
  author: { select: { id: true, email: true, name: true } },
} satisfies Prisma.LeadNoteSelect;

/** A lead's notes, newest first (scoped to the workspace). */
export async function listLeadNotes(workspaceId: string, leadId: string, only: { id?: string } = {}): Promise<LeadNote[]> {
  const { prisma } = await getDatabase();
  return prisma.leadNote.findMany({
    where: { workspaceId, leadId, ...(only.id && { id: only.id }) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
    select: noteSelect,
  });
}
