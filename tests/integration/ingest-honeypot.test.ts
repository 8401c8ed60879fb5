// Hardening (issue 5, point 2): a link's honeypot field. A bot that fills it gets the answer a person
// would (201, a believable lead id) and creates nothing but a spam record in the link's log.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { bodyOf, expectProblem, leadCount, postText, setupLink, submissionsOf, uniqueEmail } from "../support/ingest-helpers";

const db = useTestDatabase();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("a link with a honeypot field", () => {
  it.each([
    ["a URL", "http://cheap-pills.example"],
    ["a single space around text", " x "],
    ["a number", 0],
    ["true", true],
    ["an object", { a: 1 }],
  ])(
    "answers a filled honeypot (%s) with 201 and a fresh lead id, stores it as spam and creates no lead",
    async (_label, value) => {
      const { token, link, workspace } = await setupLink(db.current, { honeypotField: "website" });
      const email = uniqueEmail("bot");
      const payload = JSON.stringify({ name: "Bot", email, website: value });
      const response = await postText(token, payload, { origin: "https://landing.example.com" });
      expect(response.status).toBe(201);
      expect(response.headers.get("content-type")).toMatch(/^application\/json\b/);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      const body = await bodyOf(response);
      expect(body).toEqual({ leadId: expect.stringMatching(UUID), created: true, warnings: [] });

      expect(await leadCount(db.current, workspace.id)).toBe(0);
      expect(await db.current.prisma.lead.findUnique({ where: { id: body.leadId as string } })).toBeNull();
      expect(await submissionsOf(db.current, link.id)).toMatchObject([
        { outcome: "spam", status: 201, errorCode: null, leadId: null, payload, origin: "https://landing.example.com" },
      ]);
      const stats = await db.current.prisma.captureLinkStats.aggregate({
        where: { captureLinkId: link.id },
        _sum: { accepted: true, rejected: true },
      });
      expect(stats._sum.accepted ?? 0n).toBe(0n);
    },
  );

  it("gives each bot request a different id, and a person sending the same email later gets a real lead", async () => {
    const { token, workspace } = await setupLink(db.current, { honeypotField: "website" });
    const email = uniqueEmail("shared");
    const first = await bodyOf(await postText(token, JSON.stringify({ email, website: "x" })));
    const second = await bodyOf(await postText(token, JSON.stringify({ email, website: "x" })));
    expect(first.leadId).not.toBe(second.leadId);
    const person = await postText(token, JSON.stringify({ email }));
    expect(person.status).toBe(201);
    const real = await bodyOf(person);
    expect(real.created).toBe(true);
    expect([first.leadId, second.leadId]).not.toContain(real.leadId);
    expect(await leadCount(db.current, workspace.id)).toBe(1);
  });

  it("answers a filled honeypot with 201 even when the rest of the body is invalid: a bot learns nothing", async () => {
    const { token, link } = await setupLink(db.current, { honeypotField: "website" });
    const response = await postText(token, JSON.stringify({ email: "not an address", birthday: "soon", website: "x" }));
    expect(response.status).toBe(201);
    expect(await submissionsOf(db.current, link.id)).toMatchObject([{ outcome: "spam" }]);
  });

  it.each([
    ["left out", {}],
    ["empty", { website: "" }],
    ["blank", { website: "   " }],
    ["null", { website: null }],
    ["false (an unticked box)", { website: false }],
  ])("creates the lead when the honeypot is %s, without naming it as an unknown field", async (_label, extra) => {
    const { token, link, workspace } = await setupLink(db.current, { honeypotField: "website" });
    const response = await postText(token, JSON.stringify({ name: "Ana", email: uniqueEmail(), ...extra }));
    expect(response.status).toBe(201);
    const body = await bodyOf(response);
    expect(body.warnings).toEqual([]);
    expect(await leadCount(db.current, workspace.id)).toBe(1);
    expect(await submissionsOf(db.current, link.id)).toMatchObject([{ outcome: "created", leadId: body.leadId }]);
  });

  it("is only the named field: another unknown field is a warning, and validation still applies", async () => {
    const { token } = await setupLink(db.current, { honeypotField: "website" });
    const warned = await bodyOf(await postText(token, JSON.stringify({ email: uniqueEmail(), homepage: "x" })));
    expect(warned.warnings).toMatchObject([{ field: "homepage", code: "unknown_field" }]);
    await expectProblem(await postText(token, JSON.stringify({ email: "nope", website: "" })), 422, "validation_failed");
  });
});

describe("a link without a honeypot field", () => {
  it("treats a field of that name as any unknown field", async () => {
    const { token, workspace } = await setupLink(db.current);
    const body = await bodyOf(await postText(token, JSON.stringify({ email: uniqueEmail(), website: "http://example.com" })));
    expect(body.created).toBe(true);
    expect(body.warnings).toMatchObject([{ field: "website", code: "unknown_field" }]);
    expect(await leadCount(db.current, workspace.id)).toBe(1);
  });
});
