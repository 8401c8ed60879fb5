import { expect } from "vitest";
import type { Database } from "@/lib/db/client";
import { send } from "./ingest-client";
import { expectProblem, leadCount } from "./ingest-helpers";

/**
 * Sends lead bodies to one link and reads back what was stored: for the field-by-field tests of the
 * normalisation table (DESIGN.md §3).
 */
export function fieldClient(db: () => Database, link: () => { token: string; workspaceId: string }) {
  return {
    /** POSTs the body, expects 201 or 200, and returns the answer and the stored lead. */
    async accepted(body: unknown) {
      const response = await send(link().token, { body });
      const text = await response.text();
      expect([200, 201], text.slice(0, 500)).toContain(response.status);
      const json = JSON.parse(text) as {
        leadId: string;
        created: boolean;
        warnings: { field: string; code: string; message: string }[];
      };
      const lead = await db().prisma.lead.findUniqueOrThrow({ where: { id: json.leadId } });
      return { status: response.status, json, lead };
    },

    /** POSTs the body, expects 422 validation_failed, checks no lead was written, returns the problem. */
    async rejected(body: unknown) {
      const before = await leadCount(db(), link().workspaceId);
      const response = await send(link().token, { body });
      const problem = await expectProblem(response, 422, "validation_failed");
      expect(await leadCount(db(), link().workspaceId)).toBe(before);
      return problem as { errors: { field: string; code: string; message: string }[] };
    },
  };
}

/** The birthday column as YYYY-MM-DD. */
export function isoDate(value: Date | null): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}

export function todayUtc(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
