// Issue 15 (DESIGN.md section 11): the Spam folder of a link's request log (a filled honeypot, a failed
// captcha) and "Not spam", which creates the lead from the stored payload through the same ingest path:
// validation, dedupe and webhooks as for any lead. Driven through the real server action.
// Next's request globals before any app module loads (see tests/support/server-action.ts).
import "../support/next-request-globals";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { releaseSpamAction } from "@/app/(admin)/w/[slug]/links/actions";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { resetEnv } from "@/lib/env";
import { countLinkSpam, listLinkSubmissions } from "@/lib/links/list-link-submissions";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { useTestDatabase } from "../support/database";
import { expandWaitingEvents } from "../support/events";
import { formLink, linkSubmissions, postUrlencoded } from "../support/form-posts";
import { postText, uniqueEmail } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();

beforeAll(() => {
  vi.stubEnv("INGEST_RATE_LIMIT", "off");
  // No verifier listens here: a refused connection would be "unavailable"; these tests send no token at all.
  vi.stubEnv("CAPTCHA_VERIFY_URL", "http://127.0.0.1:9/siteverify");
  vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "1");
  resetEnv();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

async function spamLink() {
  const setup = await formLink({
    honeypotField: "website",
    captchaProvider: "turnstile",
    captchaSecret: "s",
    captchaSiteKey: "site-key",
  });
  const email = uniqueEmail("person");
  // A person whose captcha did not load, a bot that filled the honeypot (and, being a bot, sent no token
  // either), and a broken request, which is no spam.
  await postUrlencoded(setup.token, [
    ["name", "Real Person"],
    ["email", email],
    ["address[city]", "Natal"],
  ]);
  await postText(setup.token, JSON.stringify({ email: uniqueEmail("bot"), website: "http://spam.example" }));
  await postText(setup.token, "{");
  return { ...setup, email };
}

describe("the Spam folder", () => {
  it("holds captcha failures and filled honeypots, not other requests", async () => {
    const { workspace, link } = await spamLink();
    expect(await linkSubmissions(db.current, link.id)).toHaveLength(3);
    const page = await listLinkSubmissions(workspace.id, link.id, { filter: "spam" });
    expect(page.submissions.map((entry) => [entry.outcome, entry.errorCode]).sort()).toEqual([
      ["rejected", "captcha_failed"],
      ["rejected", "captcha_failed"],
    ]);
    expect(await countLinkSpam(workspace.id, link.id)).toBe(2);
    // The honeypot bot failed the captcha first: captcha is checked before anything else about the lead.
    const honeypot = await formLink({ honeypotField: "website" });
    await postText(honeypot.token, JSON.stringify({ email: uniqueEmail(), website: "x" }));
    const honeypotPage = await listLinkSubmissions(honeypot.workspace.id, honeypot.link.id, { filter: "spam" });
    expect(honeypotPage.submissions.map((entry) => entry.outcome)).toEqual(["spam"]);
  });
});

describe("Not spam", () => {
  it("creates the lead from the stored payload, marks the entry, and fires the workspace's webhooks", async () => {
    const { workspace, owner, link, email } = await spamLink();
    await createEndpoint(workspace.id, { url: "http://127.0.0.1:9/hook", events: ["lead.created"] });
    invalidateCaptureLinks(workspace.id);
    const entry = (await linkSubmissions(db.current, link.id)).find((row) => row.payload?.includes("Real Person"))!;
    const state = await callAction(owner, () => releaseSpamAction(workspace.slug, link.id, entry.id));
    expect(state).toMatchObject({ ok: true, message: "The lead was created." });

    const lead = await db.current.prisma.lead.findFirstOrThrow({ where: { workspaceId: workspace.id, email } });
    expect(lead).toMatchObject({ name: "Real Person", address: { city: "Natal" }, captureLinkId: link.id });
    const released = await db.current.prisma.submission.findUniqueOrThrow({ where: { id: entry.id } });
    expect(released.releasedAt).not.toBeNull();
    expect(released.leadId).toBe(lead.id);
    // The lead's own accepted entry, as for any request, with the spam entry's payload.
    const accepted = await db.current.prisma.submission.findFirstOrThrow({
      where: { captureLinkId: link.id, leadId: lead.id, outcome: "created" },
    });
    expect(accepted.payload).toBe(entry.payload);
    // Its event becomes the endpoint's message, as the outbox runner does before sending it.
    await expandWaitingEvents(db.current);
    const messages = await db.current.prisma.webhookMessage.findMany({ where: { workspaceId: workspace.id } });
    expect(messages).toMatchObject([{ eventType: "lead.created", leadId: lead.id }]);

    // Twice is refused: one lead per entry.
    expect(await callAction(owner, () => releaseSpamAction(workspace.slug, link.id, entry.id))).toMatchObject({
      ok: false,
      code: "already_released",
    });
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id, email } })).toBe(1);
  });

  it("dedupes like any request: a person who is already a lead is updated, not duplicated", async () => {
    const { workspace, owner, link, token, email } = await spamLink();
    // The same person gets through later (here: with the captcha turned off) and becomes a lead.
    await db.current.prisma.captureLink.update({ where: { id: link.id }, data: { captchaProvider: null } });
    invalidateCaptureLinks(workspace.id);
    await postText(token, JSON.stringify({ email, profession: "Engineer" }));
    const entry = (await linkSubmissions(db.current, link.id)).find((row) => row.payload?.includes("Real Person"))!;
    const state = await callAction(owner, () => releaseSpamAction(workspace.slug, link.id, entry.id));
    expect(state).toMatchObject({ ok: true, message: "The lead already existed and was updated." });
    const leads = await db.current.prisma.lead.findMany({ where: { workspaceId: workspace.id, email } });
    expect(leads).toMatchObject([{ name: "Real Person", profession: "Engineer" }]);
  });

  it("refuses an invalid payload with the field errors, and leaves the entry in the folder", async () => {
    const { workspace, owner, link, token } = await formLink({
      captchaProvider: "turnstile",
      captchaSecret: "s",
      captchaSiteKey: "site-key",
    });
    await postUrlencoded(token, [
      ["email", uniqueEmail()],
      ["telephone", "12"],
    ]);
    const [entry] = await linkSubmissions(db.current, link.id);
    const state = await callAction(owner, () => releaseSpamAction(workspace.slug, link.id, entry!.id));
    expect(state).toMatchObject({ ok: false, code: "validation_failed", fieldErrors: { telephone: expect.any(String) } });
    expect((await db.current.prisma.submission.findUniqueOrThrow({ where: { id: entry!.id } })).releasedAt).toBeNull();
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });

  it("is for owners and admins of the link's workspace only; other entries and workspaces are not found", async () => {
    const { workspace, owner, link } = await spamLink();
    const member = await newMember(workspace.id, "member");
    const spam = (await linkSubmissions(db.current, link.id)).find((row) => row.errorCode === "captcha_failed")!;
    const broken = (await linkSubmissions(db.current, link.id)).find((row) => row.errorCode === "invalid_json")!;
    expect(await callAction(member, () => releaseSpamAction(workspace.slug, link.id, spam.id))).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    const other = await newTenant("Other");
    expect(await callAction(other.owner, () => releaseSpamAction(other.workspace.slug, link.id, spam.id))).toMatchObject({
      ok: false,
      code: "submission_not_found",
    });
    for (const id of [broken.id, "not-a-uuid"]) {
      expect(await callAction(owner, () => releaseSpamAction(workspace.slug, link.id, id))).toMatchObject({
        ok: false,
        code: "submission_not_found",
      });
    }
    expect((await db.current.prisma.submission.findUniqueOrThrow({ where: { id: spam.id } })).releasedAt).toBeNull();
  });
});
