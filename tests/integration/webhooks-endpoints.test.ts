// DESIGN.md section 7: webhook endpoints per workspace, their CLI (exact JSON shapes), secrets, and the
// SSRF guard when an endpoint is saved.
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnv } from "@/lib/env";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { rotateSecret } from "@/lib/webhooks/rotate-secret";
import { isForbiddenAddress } from "@/lib/webhooks/ssrf-guard";
import { runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";
import { setupLink } from "../support/ingest-helpers";
import { errorCode, fieldErrors, newTenant } from "../support/tenants";

const db = useTestDatabase();

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

describe("webhook create", () => {
  it("prints exactly {id, url, events, secret}, with the default events and a Standard Webhooks secret", async () => {
    const { workspace } = await newTenant("Hooks");
    const { code, body } = await runJson(
      "webhook",
      "create",
      "--workspace",
      workspace.slug,
      "--url",
      "https://crm.example.com/hooks/leads",
    );
    expect(code).toBe(0);
    expect(Object.keys(body)).toEqual(["id", "url", "events", "secret"]);
    expect(body).toEqual({
      id: expect.any(String),
      url: "https://crm.example.com/hooks/leads",
      events: ["lead.created", "lead.updated"],
      secret: expect.stringMatching(SECRET),
    });
    expect(Buffer.from(body.secret.slice(6), "base64")).toHaveLength(32);
  });

  it("takes events, links and custom headers; stores them and lists {id, url, events, enabled}", async () => {
    const { workspace, link } = await setupLink(db.current);
    const slug = (await db.current.prisma.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).slug;
    const { code, body } = await runJson(
      "webhook",
      "create",
      "--workspace",
      slug,
      "--url",
      "https://n8n.example.com/webhook/1",
      "--event",
      "lead.created",
      "--event",
      "submission.rejected",
      "--link",
      link.id,
      "--header",
      "X-N8N-Auth: s3cret value",
      "--header",
      "X-Other:1",
    );
    expect(code).toBe(0);
    expect(body.events).toEqual(["lead.created", "submission.rejected"]);
    const stored = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: body.id } });
    expect(stored.linkIds).toEqual([link.id]);
    expect(stored.headers).toEqual([
      { name: "X-N8N-Auth", value: "s3cret value" },
      { name: "X-Other", value: "1" },
    ]);
    const list = await runJson("webhook", "list", "--workspace", slug);
    expect(list.body).toEqual([
      { id: body.id, url: "https://n8n.example.com/webhook/1", events: ["lead.created", "submission.rejected"], enabled: true },
    ]);
  });

  it("refuses unknown events, a link of another workspace, reserved or too many headers, and non-http URLs", async () => {
    const { workspace } = await newTenant("Strict");
    const other = await setupLink(db.current);
    expect(
      await fieldErrors(createEndpoint(workspace.id, { url: "https://a.example.com", events: ["lead.deleted" as never] })),
    ).toHaveProperty("events.0");
    expect(await errorCode(createEndpoint(workspace.id, { url: "https://a.example.com", linkIds: [other.link.id] }))).toBe(
      "capture_link_not_found",
    );
    expect(
      await fieldErrors(
        createEndpoint(workspace.id, { url: "https://a.example.com", headers: [{ name: "webhook-id", value: "x" }] }),
      ),
    ).toHaveProperty("headers.0.name");
    expect(
      await fieldErrors(
        createEndpoint(workspace.id, { url: "https://a.example.com", headers: [{ name: "X-A", value: "a\r\nb: c" }] }),
      ),
    ).toHaveProperty("headers.0.value");
    const eleven = Array.from({ length: 11 }, (_, index) => ({ name: `X-H${index}`, value: "v" }));
    expect(await fieldErrors(createEndpoint(workspace.id, { url: "https://a.example.com", headers: eleven }))).toHaveProperty(
      "headers",
    );
    expect(await fieldErrors(createEndpoint(workspace.id, { url: "ftp://a.example.com" }))).toHaveProperty("url");
    const listed = await runJson(
      "webhook",
      "create",
      "--workspace",
      workspace.slug,
      "--url",
      "https://a.example.com",
      "--event",
      "lead.updated,submission.rejected",
    );
    expect(listed.body.events).toEqual(["lead.updated", "submission.rejected"]);
    const cli = await runJson(
      "webhook",
      "create",
      "--workspace",
      workspace.slug,
      "--url",
      "https://a.example.com",
      "--event",
      "nope",
    );
    expect(cli.code).toBe(1);
    expect(cli.body.error.code).toBe("validation_failed");
  });

  it("lists and shows deliveries of the caller's workspace only", async () => {
    const mine = await newTenant("Mine");
    const theirs = await newTenant("Theirs");
    const endpoint = await createEndpoint(theirs.workspace.id, { url: "https://theirs.example.com/hook" });
    expect((await runJson("webhook", "list", "--workspace", mine.workspace.slug)).body).toEqual([]);
    const deliveries = await runJson("webhook", "deliveries", "--workspace", mine.workspace.slug, "--id", endpoint.id);
    expect(deliveries.code).toBe(1);
    expect(deliveries.body.error.code).toBe("webhook_not_found");
    expect((await runJson("webhook", "deliveries", "--workspace", theirs.workspace.slug, "--id", endpoint.id)).body).toEqual([]);
    const badLimit = await runJson(
      "webhook",
      "deliveries",
      "--workspace",
      theirs.workspace.slug,
      "--id",
      endpoint.id,
      "--limit",
      "0",
    );
    expect(badLimit.body.error.code).toBe("validation_failed");
    const slack = await runJson(
      "webhook",
      "create",
      "--workspace",
      mine.workspace.slug,
      "--url",
      "https://hooks.slack.com/services/T/B/x",
      "--kind",
      "slack",
    );
    expect((await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: slack.body.id } })).kind).toBe("slack");
    expect(await errorCode(rotateSecret(mine.workspace.id, endpoint.id))).toBe("webhook_not_found");
  });
});

describe("secret rotation", () => {
  it("gives a new secret and keeps the old one for 24 hours", async () => {
    const { workspace } = await newTenant("Rotate");
    const endpoint = await createEndpoint(workspace.id, { url: "https://rotate.example.com/hook" });
    const before = Date.now();
    const rotated = await rotateSecret(workspace.id, endpoint.id);
    const after = Date.now();
    expect(rotated.secret).toMatch(SECRET);
    expect(rotated.secret).not.toBe(endpoint.secret);
    const stored = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(stored.secret).toBe(rotated.secret);
    expect(stored.previousSecret).toBe(endpoint.secret);
    // 24 hours from the rotation (the database's clock, rounded to the millisecond: 1 ms either way).
    const expiresAt = stored.previousSecretExpiresAt!.getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 1);
    expect(expiresAt).toBeLessThanOrEqual(after + 24 * 3_600_000 + 1);
  });
});

describe("SSRF guard when saving", () => {
  it.each([
    "http://127.0.0.1:8080/hook",
    "http://localhost/hook",
    "http://app.localhost/hook",
    "http://10.0.0.5/hook",
    "http://172.16.3.4/hook",
    "http://192.168.1.1/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://0.0.0.0/hook",
    "http://[::1]/hook",
    "http://[::]/hook",
    "http://[fe80::1]/hook",
    "http://[fc00::1]/hook",
    "http://[fd12:3456::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[::ffff:a9fe:a9fe]/hook",
  ])("refuses %s", async (url) => {
    const { workspace } = await newTenant("Ssrf");
    expect(await errorCode(createEndpoint(workspace.id, { url }))).toBe("webhook_url_forbidden");
  });

  it("accepts them with WEBHOOK_ALLOW_PRIVATE_NETWORKS=1", async () => {
    vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "1");
    resetEnv();
    const { workspace } = await newTenant("Internal");
    await expect(createEndpoint(workspace.id, { url: "http://127.0.0.1:9/hook" })).resolves.toHaveProperty("id");
  });

  it("classifies embedded IPv4 forms by the IPv4 address they carry", () => {
    expect(isForbiddenAddress("64:ff9b::7f00:1")).toBe(true);
    expect(isForbiddenAddress("2002:7f00:1::")).toBe(true);
    expect(isForbiddenAddress("::ffff:8.8.8.8")).toBe(false);
    expect(isForbiddenAddress("8.8.8.8")).toBe(false);
    expect(isForbiddenAddress("2606:4700::1111")).toBe(false);
  });
});
