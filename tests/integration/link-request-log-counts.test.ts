// Issue 24 (item C): the counts on a link's request-log tabs (all, accepted, rejected, spam, dry run) are the
// numbers of rows each tab lists: a dry run is not an accepted lead, spam is not also a rejection, and the
// tabs add up to "all". Requests go through the real capture endpoint.
import { describe, expect, it } from "vitest";
import { createLink } from "@/lib/links/create-link";
import {
  countLinkSubmissions,
  listLinkSubmissions,
  SUBMISSION_FILTERS,
  type SubmissionFilter,
} from "@/lib/links/list-link-submissions";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { uniqueEmail, withoutRateLimit } from "../support/ingest-helpers";
import { newTenant } from "../support/tenants";

const db = useTestDatabase();
withoutRateLimit();

describe("a link's request-log counts", () => {
  it("equal the rows each tab lists, with dry runs and spam counted once, in their own tabs", async () => {
    const { workspace } = await newTenant("Counts");
    const link = await createLink(workspace.id, { name: "Landing", honeypotField: "website" });
    const dryRun = { "Leadlink-Dry-Run": "1" };
    expect((await post(link.token, { email: uniqueEmail() })).status).toBe(201);
    expect((await post(link.token, { email: uniqueEmail() })).status).toBe(201);
    expect((await post(link.token, { email: "not an email" })).status).toBe(422);
    expect((await post(link.token, { email: uniqueEmail(), website: "http://spam.example" })).status).toBeLessThan(300);
    expect((await post(link.token, { email: uniqueEmail() }, dryRun)).status).toBeLessThan(300);
    expect((await post(link.token, { email: "still not an email" }, dryRun)).status).toBe(422);
    expect(await db.current.prisma.submission.count({ where: { captureLinkId: link.id } })).toBe(6);

    const counts = await countLinkSubmissions(workspace.id, link.id);
    expect(counts).toEqual({ all: 6, accepted: 2, rejected: 1, spam: 1, dryRun: 2, capped: false });
    for (const filter of SUBMISSION_FILTERS) {
      const page = await listLinkSubmissions(workspace.id, link.id, { filter, limit: 50 });
      expect(page.submissions, filter).toHaveLength(counts[filter as SubmissionFilter]);
    }
    const rows = await listLinkSubmissions(workspace.id, link.id, { filter: "dryRun", limit: 50 });
    expect(rows.submissions.every((row) => row.dryRun)).toBe(true);
    // Another workspace's link id counts nothing here.
    const other = await newTenant("Other");
    expect(await countLinkSubmissions(other.workspace.id, link.id)).toEqual({
      all: 0,
      accepted: 0,
      rejected: 0,
      spam: 0,
      dryRun: 0,
      capped: false,
    });
    // A busy link: only the newest rows are counted, and the counts say so (the page shows "4+").
    expect(await countLinkSubmissions(workspace.id, link.id, 4)).toMatchObject({ all: 4, capped: true });
    expect(await countLinkSubmissions(workspace.id, link.id, 6)).toMatchObject({ all: 6, capped: false });
  });
});
