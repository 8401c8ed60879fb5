// Issue 3 (admin UI), lead detail: what the lead page shows, from leads made by the real ingest route:
// every field, custom values under their current labels (archived and deleted fields marked), first and
// last touch with their links and times, the submission timeline newest first with link names and raw
// payloads; another workspace's lead and ids that are not UUIDs are "not found".
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { archiveField } from "@/lib/fields/archive-field";
import { createField } from "@/lib/fields/create-field";
import { updateField } from "@/lib/fields/update-field";
import { getLead } from "@/lib/leads/get-lead";
import { getLeadDetail, TIMELINE_LIMIT } from "@/lib/leads/get-lead-detail";
import { createLink } from "@/lib/links/create-link";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { errorCode, newTenant, unique } from "../support/tenants";

const db = useTestDatabase();

function email() {
  return `${unique("lead")}@example.com`;
}

describe("getLeadDetail", () => {
  it("shows every field, custom values by label, both touches and the timeline with link names", async () => {
    const { workspace } = await newTenant();
    const spring = await createLink(workspace.id, { name: "Spring landing" });
    const quiz = await createLink(workspace.id, { name: "Quiz" });
    const size = await createField(workspace.id, {
      name: "company_size",
      label: "Company size",
      type: "select",
      options: ["Small", "Large"],
    });
    const consent = await createField(workspace.id, { name: "consent", label: "Marketing consent", type: "boolean" });
    await createField(workspace.id, { name: "unused", label: "Unused" });
    const address = { street: "Rua A", number: 10, zipCode: "01001-000", city: "São Paulo" };
    const to = email();

    const created = await post(spring.token, {
      name: "Ana Souza",
      email: to,
      telephone: "(11) 98765-4321",
      document: "529.982.247-25",
      profession: "Engineer",
      city: "São Paulo",
      state: "sao paulo",
      instagram: "@ana.souza",
      birthday: "1990-05-17",
      address,
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring",
      customFields: { company_size: "Large", "Marketing consent": "yes" },
    });
    expect(created.status).toBe(201);
    const leadId = created.json!.leadId as string;
    // No UTM on this one: last touch stays the first request's.
    expect((await post(quiz.token, { email: to, profession: "Architect" })).status).toBe(200);
    expect(
      (
        await post(quiz.token, {
          email: to,
          utmSource: "newsletter",
          utmCampaign: "november",
          customFields: { company_size: "Small" },
        })
      ).status,
    ).toBe(200);
    await archiveField(workspace.id, consent.id);
    await updateField(workspace.id, size.id, { label: "Team size" });

    const detail = await getLeadDetail(workspace.id, leadId.toUpperCase());
    expect(detail.lead).toMatchObject({
      id: leadId,
      name: "Ana Souza",
      email: to,
      telephone: "5511987654321",
      document: "52998224725",
      profession: "Architect",
      city: "São Paulo",
      state: "SP",
      instagram: "ana.souza",
      birthday: "1990-05-17",
      address: { street: "Rua A", number: "10", zipCode: "01001-000", city: "São Paulo" },
      firstTouch: { utmSource: "google", utmMedium: "cpc", utmCampaign: "spring", utmContent: null, utmTerm: null },
      lastTouch: { utmSource: "newsletter", utmMedium: null, utmCampaign: "november", utmContent: null, utmTerm: null },
      customFields: { company_size: "Large", consent: true },
    });
    // Custom values are written at creation only, shown under the current label, archived ones marked.
    expect(detail.customValues).toEqual([
      { fieldId: size.id, name: "company_size", label: "Team size", type: "select", archived: false, value: "Large" },
      { fieldId: consent.id, name: "consent", label: "Marketing consent", type: "boolean", archived: true, value: true },
    ]);

    expect(detail.submissionCount).toBe(3);
    expect(detail.submissions.map((submission) => [submission.outcome, submission.status, submission.link.name])).toEqual([
      ["updated", 200, "Quiz"],
      ["updated", 200, "Quiz"],
      ["created", 201, "Spring landing"],
    ]);
    const [latest, , first] = detail.submissions;
    expect(JSON.parse(first!.payload!)).toMatchObject({ name: "Ana Souza", customFields: { company_size: "Large" } });
    expect(JSON.parse(latest!.payload!)).toMatchObject({ utmSource: "newsletter", customFields: { company_size: "Small" } });
    expect(first!.utm).toEqual({ utmSource: "google", utmMedium: "cpc", utmCampaign: "spring", utmContent: null, utmTerm: null });
    expect(latest).toMatchObject({ errorCode: null, errors: [] });
    // Custom values sent on an update are not written, and the sender was told so.
    expect(latest!.warnings.map((warning) => warning.field)).toContain("customFields");

    expect(detail.firstTouch).toMatchObject({
      at: first!.receivedAt,
      link: { id: spring.id, name: "Spring landing", status: "active" },
    });
    expect(detail.lastTouch).toMatchObject({ at: latest!.receivedAt, link: { id: quiz.id, name: "Quiz", status: "active" } });

    // The CLI's JSON (`lead get`) keeps its shape.
    const cli = await getLead(workspace.id, leadId);
    expect(Object.keys(cli).sort()).toEqual(
      [
        "address",
        "birthday",
        "city",
        "createdAt",
        "customFields",
        "document",
        "email",
        "firstTouch",
        "id",
        "instagram",
        "lastTouch",
        "name",
        "owner",
        "profession",
        "state",
        "status",
        "submissions",
        "tags",
        "telephone",
        "updatedAt",
      ].sort(),
    );
    expect(cli.submissions.map((submission) => Object.keys(submission).sort())[0]).toEqual([
      "captureLinkId",
      "id",
      "outcome",
      "payload",
      "receivedAt",
      "warnings",
    ]);
  });

  it("takes the touches from the lead's first and latest accepted requests when none carried UTM values", async () => {
    const { workspace } = await newTenant();
    const a = await createLink(workspace.id, { name: "A" });
    const b = await createLink(workspace.id, { name: "B" });
    const to = email();
    const { json } = await post(a.token, { email: to });
    await post(b.token, { email: to, name: "Later" });
    const detail = await getLeadDetail(workspace.id, json!.leadId);
    expect(detail.firstTouch.link?.name).toBe("A");
    expect(detail.lastTouch.link?.name).toBe("B");
    expect(detail.lastTouch.at.getTime()).toBeGreaterThanOrEqual(detail.firstTouch.at.getTime());
    expect(detail.customValues).toEqual([]);
  });

  it("keeps a value whose field was deleted, under the field's id", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Link" });
    const field = await createField(workspace.id, { name: "budget", label: "Budget", type: "number" });
    const { json } = await post(link.token, { email: email(), customFields: { budget: "1500.5" } });
    await db.current.prisma.customField.delete({ where: { id: field.id } });
    const detail = await getLeadDetail(workspace.id, json!.leadId);
    expect(detail.customValues).toEqual([
      { fieldId: field.id, name: null, label: null, type: null, archived: false, value: 1500.5 },
    ]);
  });

  it("shows the newest submissions only, and counts them all", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Busy", rateLimit: "off" });
    const to = email();
    const { json } = await post(link.token, { email: to });
    const leadId = json!.leadId as string;
    const template = await db.current.prisma.submission.findFirstOrThrow({ where: { leadId } });
    await db.current.prisma.submission.createMany({
      data: Array.from({ length: TIMELINE_LIMIT + 4 }, (_, index) => ({
        ...template,
        id: randomUUID(),
        outcome: "updated" as const,
        status: 200,
        errors: undefined,
        sourceData: undefined,
        warnings: [],
        receivedAt: new Date(template.receivedAt.getTime() + (index + 1) * 1000),
      })),
    });
    const detail = await getLeadDetail(workspace.id, leadId);
    expect(detail.submissionCount).toBe(TIMELINE_LIMIT + 5);
    expect(detail.submissions).toHaveLength(TIMELINE_LIMIT);
    expect(detail.submissions[0]!.receivedAt.getTime()).toBe(template.receivedAt.getTime() + (TIMELINE_LIMIT + 4) * 1000);
  });

  it("is lead_not_found for another workspace's lead, an unknown id and an id that is not a UUID", async () => {
    const mine = await newTenant("Mine");
    const theirs = await newTenant("Theirs");
    const link = await createLink(theirs.workspace.id, { name: "Theirs" });
    const { json } = await post(link.token, { email: email() });
    expect(await errorCode(getLeadDetail(mine.workspace.id, json!.leadId))).toBe("lead_not_found");
    expect(await errorCode(getLeadDetail(mine.workspace.id, randomUUID()))).toBe("lead_not_found");
    for (const id of ["not-a-uuid", "", "' OR 1=1 --", "<img src=x onerror=alert(1)>"]) {
      expect(await errorCode(getLeadDetail(mine.workspace.id, id))).toBe("lead_not_found");
    }
    expect((await getLeadDetail(theirs.workspace.id, json!.leadId)).lead.id).toBe(json!.leadId);
  });
});
