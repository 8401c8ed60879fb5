// Issue 28, part 2: a mapping link's Mapping section, through its real server actions on a real database.
// Saving compiles the expression first and changes only the link's expression; "Try on the last request
// received" runs the expression as typed on the link's last logged body; both only within the admin's workspace.
import "../support/server-action";
import { describe, expect, it } from "vitest";
import { saveMappingAction, tryMappingAction } from "@/app/(admin)/w/[slug]/links/[id]/mapping-actions";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { MAPPING_PRESETS } from "@/lib/capture/sources/mapping/presets";
import { useTestDatabase } from "../support/database";
import { createLink } from "../support/fixtures";
import { post } from "../support/ingest-client";
import { uniqueEmail } from "../support/ingest-helpers";
import { tallyPayload } from "../support/mapping-payloads";
import { callAction } from "../support/server-action";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();

async function tallyLink() {
  const { workspace, owner } = await newTenant("MappingAdmin");
  const link = await createLink(db.current, workspace.id);
  await db.current.prisma.captureLink.update({
    where: { id: link.id },
    data: {
      source: "mapping",
      sourceSettings: { preset: "tally", expression: MAPPING_PRESETS.tally.expression, signingSecret: "s3cret" },
    },
  });
  invalidateCaptureLinks(workspace.id);
  return { workspace, owner, link };
}

function formOf(expression: string): FormData {
  const form = new FormData();
  form.set("expression", expression);
  return form;
}

describe("Try on the last request received", () => {
  it("maps the link's last logged body with the expression as typed, or names where it fails", async () => {
    const { workspace, owner, link } = await tallyLink();
    const none = await callAction(owner, () =>
      tryMappingAction(workspace.slug, link.id, {}, formOf(MAPPING_PRESETS.tally.expression)),
    );
    expect(none).toMatchObject({ trial: "no_request" });

    const email = uniqueEmail("try");
    // No signature: refused (403), but logged with its body, which is what the admin tries the expression on.
    expect((await post(link.token, tallyPayload(email))).status).toBe(403);
    const mapped = await callAction(owner, () =>
      tryMappingAction(workspace.slug, link.id, {}, formOf(MAPPING_PRESETS.tally.expression)),
    );
    expect(mapped, JSON.stringify(mapped.failures)).toMatchObject({ ok: true, trial: "mapped" });
    expect(JSON.parse(mapped.mapped!)).toMatchObject({ email, name: "Alice Souza", utmSource: "google" });
    expect(JSON.parse(mapped.platform!)).toMatchObject({ formId: "VwbNEw" });

    const failed = await callAction(owner, () =>
      tryMappingAction(workspace.slug, link.id, {}, formOf(`{"email": $substring(data.fields, "x")}`)),
    );
    expect(failed).toMatchObject({ ok: false, trial: "failed" });
    expect(failed.failures![0]!.field).toMatch(/^expression@\d+$/);

    const notObject = await callAction(owner, () => tryMappingAction(workspace.slug, link.id, {}, formOf(`data.formId`)));
    expect(notObject.failures).toEqual([expect.objectContaining({ field: "$", code: "not_an_object" })]);

    // An expression that does not compile is the form's error, in the admin's language.
    const broken = await callAction(owner, () => tryMappingAction(workspace.slug, link.id, {}, formOf(`{"email": `)), {
      acceptLanguage: "pt-BR",
    });
    expect(broken).toMatchObject({ ok: false, code: "mapping_failed" });
    expect(broken.message).toMatch(/expressão de mapeamento/);
  });

  it("never reads another workspace's link or log, and a member may not try", async () => {
    const { workspace, link } = await tallyLink();
    await post(link.token, tallyPayload(uniqueEmail("secret")));
    const other = await newTenant("Other");
    const foreign = await callAction(other.owner, () =>
      tryMappingAction(other.workspace.slug, link.id, {}, formOf(MAPPING_PRESETS.tally.expression)),
    );
    expect(foreign).toMatchObject({ ok: false, code: "capture_link_not_found" });
    expect(foreign.mapped).toBeUndefined();
    // Naming the link's own workspace without belonging to it is refused before anything is read.
    const intruder = await callAction(other.owner, () =>
      tryMappingAction(workspace.slug, link.id, {}, formOf(MAPPING_PRESETS.tally.expression)),
    );
    expect(intruder.ok).toBe(false);
    expect(intruder.mapped).toBeUndefined();
    const member = await newMember(workspace.id, "member");
    const refused = await callAction(member, () =>
      tryMappingAction(workspace.slug, link.id, {}, formOf(MAPPING_PRESETS.tally.expression)),
    );
    expect(refused.ok).toBe(false);
    expect(refused.mapped).toBeUndefined();
  });
});

describe("saving the expression", () => {
  it("refuses one that does not compile, saves one that does (keeping preset and secret), used by the next request", async () => {
    const { workspace, owner, link } = await tallyLink();
    const broken = await callAction(owner, () => saveMappingAction(workspace.slug, link.id, {}, formOf(`{"email": (`)));
    expect(broken).toMatchObject({ ok: false, code: "mapping_failed", values: { expression: `{"email": (` } });
    expect(Object.keys(broken.fieldErrors ?? {})[0]).toMatch(/^expression/);

    const expression = `{"email": data.fields[type = "INPUT_EMAIL"].value, "name": "From the admin"}`;
    const saved = await callAction(owner, () => saveMappingAction(workspace.slug, link.id, {}, formOf(expression)));
    expect(saved).toMatchObject({ ok: true });
    const stored = await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(stored.sourceSettings).toEqual({ preset: "tally", expression, signingSecret: "s3cret" });

    const { createHmac } = await import("node:crypto");
    const body = JSON.stringify(tallyPayload(uniqueEmail("saved"), "saved-1"));
    const signature = createHmac("sha256", "s3cret").update(body).digest("base64");
    const response = await post(link.token, body, { "tally-signature": signature });
    expect(response.status).toBe(201);
    const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: response.json!.leadId } });
    expect(lead.name).toBe("From the admin");
  });

  it("changes nothing in another workspace, and a member may not save", async () => {
    const { workspace, link } = await tallyLink();
    const other = await newTenant("Other");
    const foreign = await callAction(other.owner, () =>
      saveMappingAction(other.workspace.slug, link.id, {}, formOf(`{"email": "x@y.co"}`)),
    );
    expect(foreign).toMatchObject({ ok: false, code: "capture_link_not_found" });
    const member = await newMember(workspace.id, "member");
    const refused = await callAction(member, () => saveMappingAction(workspace.slug, link.id, {}, formOf(`{"email": "x@y.co"}`)));
    expect(refused.ok).toBe(false);
    const stored = await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: link.id } });
    expect((stored.sourceSettings as { expression: string }).expression).toBe(MAPPING_PRESETS.tally.expression);
  });
});
