// DESIGN.md section 16 on the dashboard: the funnel (the period's leads by current status) and speed to lead
// (median, p95 and buckets of the minutes to a first response, by owner and by link), on known data, with
// another workspace's leads and erased leads never counted.
import "../support/server-action";
import { describe, expect, it } from "vitest";
import { updateLeadWorkflowAction } from "@/app/(admin)/w/[slug]/leads/actions";
import { CLI_ACTOR } from "@/lib/audit/record";
import { presetPeriod, resolveDashboardPeriod } from "@/lib/dashboard/dashboard-period";
import { getSpeedToLead } from "@/lib/dashboard/get-speed-to-lead";
import { createLink } from "@/lib/links/create-link";
import { eraseLead } from "@/lib/privacy/erase-lead";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { uniqueEmail, withoutRateLimit } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();
withoutRateLimit();

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe("getSpeedToLead", () => {
  it("gives the funnel, median, p95 and buckets overall, by owner and by link", async () => {
    const { workspace } = await newTenant("Alpha");
    const other = await newTenant("Beta");
    const ana = await newMember(workspace.id, "member");
    const link = await createLink(workspace.id, { name: "Landing" });
    const second = await createLink(workspace.id, { name: "Instagram" });
    const otherLink = await createLink(other.workspace.id, { name: "Theirs" });
    const newLead = async (token = link.token) => (await post(token, { email: uniqueEmail() })).json!.leadId as string;

    // Answered after 2, 10, 30 and 90 minutes (by Ana, who owns them), one never answered (on the second link).
    const minutes = [2, 10, 30, 90];
    const answered: string[] = [];
    for (const delay of minutes) {
      const id = await newLead();
      await db.current.prisma
        .$executeRaw`UPDATE leads SET created_at = now() - make_interval(mins => ${delay}::int), owner_id = ${ana.id}::uuid WHERE id = ${id}::uuid`;
      answered.push(id);
    }
    const statuses = ["contacted", "qualified", "won", "lost"];
    for (const [index, id] of answered.entries())
      await callAction(ana, () =>
        updateLeadWorkflowAction(
          workspace.slug,
          id,
          { ok: false },
          form({ status: statuses[index]!, ownerId: ana.id, tags: "" }),
        ),
      );
    const waiting = await newLead(second.token);
    // Not counted: another workspace's lead, an erased lead.
    await post(otherLink.token, { email: uniqueEmail() });
    const erased = await newLead();
    await eraseLead({ workspaceId: workspace.id, leadId: erased, actor: CLI_ACTOR });

    const speed = await getSpeedToLead(workspace.id, presetPeriod(7, new Date(), "America/Sao_Paulo"));
    expect(speed.funnel).toEqual({ new: 1, contacted: 1, qualified: 1, won: 1, lost: 1 });
    expect(speed.overall).toMatchObject({
      leads: 5,
      answered: 4,
      buckets: { within5: 1, within15: 1, within60: 1, over60: 1, notYet: 1 },
    });
    // percentile_cont over 2, 10, 30, 90: median 20; p95 = 30 + 0.85 × 60 = 81.
    expect(speed.overall.medianMinutes).toBeCloseTo(20, 0);
    expect(speed.overall.p95Minutes).toBeCloseTo(81, 0);

    const byOwner = Object.fromEntries(speed.byOwner.map((row) => [row.id ?? "none", row]));
    expect(byOwner[ana.id]).toMatchObject({ name: "member", leads: 4, answered: 4 });
    expect(byOwner.none).toMatchObject({ name: null, leads: 1, answered: 0, medianMinutes: null, p95Minutes: null });
    const byLink = Object.fromEntries(speed.byLink.map((row) => [row.name, row]));
    expect(byLink.Landing).toMatchObject({ leads: 4, answered: 4 });
    expect(byLink.Instagram).toMatchObject({ leads: 1, buckets: { notYet: 1 } });
    expect(waiting).toBeTruthy();

    // A period before these leads: nothing.
    const empty = await getSpeedToLead(
      workspace.id,
      resolveDashboardPeriod({ from: "2026-01-01", to: "2026-01-31" }, new Date(), "UTC"),
    );
    expect(empty.overall).toMatchObject({ leads: 0, answered: 0, medianMinutes: null });
    expect(empty.byOwner).toEqual([]);
  });
});
