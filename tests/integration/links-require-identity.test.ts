// Issue 9, new-user item 12: a link may require identity. A request with none of name, email or telephone is
// then 422 validation_failed naming the three fields, and nothing is stored but the rejected request; by default
// such a request stays accepted with a no_identity warning (DESIGN.md section 3). Set by `link create
// --require-identity` and on the link page (the real server action), obeyed by the real ingest route.

// Next's request globals before any app module loads (the actions import lib/i18n, which reads the request).
import "../support/next-request-globals";
import { describe, expect, it } from "vitest";
import { updateLinkSettingsAction } from "@/app/(admin)/w/[slug]/links/actions";
import { runCli } from "@/lib/cli/run-cli";
import { createLink } from "@/lib/links/create-link";
import { getLink } from "@/lib/links/get-link";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { callAction } from "../support/server-action";
import { newTenant } from "../support/tenants";

const db = useTestDatabase();

const IDENTITY_ERRORS = ["name", "email", "telephone"].map((field) => ({
  field,
  code: "identity_required",
  message: expect.stringContaining("name, email or telephone"),
}));

async function leads(workspaceId: string) {
  return db.current.prisma.lead.count({ where: { workspaceId } });
}

function settingsForm(requireIdentity: boolean): FormData {
  const form = new FormData();
  form.set("allowedOrigins", "");
  form.set("rateLimit", "");
  form.set("honeypotField", "");
  if (requireIdentity) form.set("requireIdentity", "on");
  return form;
}

describe("a link that requires identity", () => {
  it("refuses a request with none of name, email or telephone, naming the three, and stores no lead", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Strict", requireIdentity: true });
    expect(link.requireIdentity).toBe(true);

    for (const body of [{ city: "Recife" }, { name: "  ", email: null, telephone: "" }, {}]) {
      const answer = await post(link.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.json).toMatchObject({ code: "validation_failed", errors: IDENTITY_ERRORS });
    }
    expect(await leads(workspace.id)).toBe(0);
    const logged = await db.current.prisma.submission.findMany({
      where: { captureLinkId: link.id },
      select: { outcome: true, errorCode: true },
    });
    expect(logged).toEqual(Array(3).fill({ outcome: "rejected", errorCode: "validation_failed" }));

    // Every problem at once: an invalid field and no identity.
    const both = await post(link.token, { birthday: "2023-02-30" });
    expect(both.status).toBe(422);
    expect((both.json!.errors as { field: string }[]).map((error) => error.field)).toEqual([
      "birthday",
      "name",
      "email",
      "telephone",
    ]);
    // An identity that is sent but invalid is that field's error, not a missing identity.
    const invalid = await post(link.token, { email: "not-an-email" });
    expect((invalid.json!.errors as { field: string }[]).map((error) => error.field)).toEqual(["email"]);

    for (const body of [{ name: "Ana" }, { email: "ana@example.com" }, { telephone: "11987654321" }]) {
      const answer = await post(link.token, body);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(300);
      expect(answer.json!.warnings).toEqual([]);
    }
    expect(await leads(workspace.id)).toBe(3);
  });

  it("by default a request without identity is accepted with a no_identity warning", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Default" });
    expect(link.requireIdentity).toBe(false);
    const answer = await post(link.token, { city: "Recife" });
    expect(answer.status).toBe(201);
    expect(answer.json!.warnings).toEqual([expect.objectContaining({ field: "body", code: "no_identity" })]);
  });

  it("is switched on and off on the link page; only owners and admins may, and ingest obeys at once", async () => {
    const { owner, workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Toggled" });
    expect(
      await callAction(owner, () => updateLinkSettingsAction(workspace.slug, link.id, {}, settingsForm(true))),
    ).toMatchObject({ ok: true });
    expect((await getLink(workspace.id, link.id)).requireIdentity).toBe(true);
    expect((await post(link.token, { city: "Recife" })).status).toBe(422);

    const other = await newTenant("Other");
    expect(
      await callAction(other.owner, () => updateLinkSettingsAction(other.workspace.slug, link.id, {}, settingsForm(false))),
    ).toMatchObject({ ok: false });
    expect((await getLink(workspace.id, link.id)).requireIdentity).toBe(true);

    // An unticked box sends nothing: the setting goes off.
    expect(
      await callAction(owner, () => updateLinkSettingsAction(workspace.slug, link.id, {}, settingsForm(false))),
    ).toMatchObject({ ok: true });
    expect((await post(link.token, { city: "Recife" })).status).toBe(201);
  });

  it("link create --require-identity sets it; the JSON output keeps its keys", async () => {
    const { workspace } = await newTenant();
    let stdout = "";
    const code = await runCli(
      ["link", "create", "--workspace", workspace.slug, "--name", "From CLI", "--require-identity", "--json"],
      {
        stdout: (text) => void (stdout += text),
        stderr: () => undefined,
      },
    );
    expect(code).toBe(0);
    const created = JSON.parse(stdout) as Record<string, string>;
    expect(Object.keys(created).sort()).toEqual(["id", "name", "source", "token", "url"]);
    expect((await getLink(workspace.id, created.id!)).requireIdentity).toBe(true);
    expect((await post(created.token!, { city: "Recife" })).status).toBe(422);
  });
});
