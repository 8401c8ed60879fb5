// DESIGN.md section 12: the hosted form loads no asset from another host. Its logo (theme.logoUrl) is fetched
// by the server through the webhooks' SSRF guard, checked (raster types only, 1 MB) and cached, and served
// from GET /f/<token>/logo. The logo's host is a real local HTTP server (private networks allowed, as the
// webhook tests do; one test turns that off). theme.logoUrl must be https, and this server speaks http, so
// the tests store the address in the link's form column directly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/f/[token]/logo/route";
import { MAX_LOGO_BYTES } from "@/lib/capture/hosted-form/fetch-logo";
import { loadHostedForm } from "@/lib/capture/hosted-form/load-hosted-form";
import { hostedLogoSrc } from "@/lib/capture/hosted-form/logo-src";
import { resetEnv } from "@/lib/env";
import { createLink } from "@/lib/links/create-link";
import { getLinkForm } from "@/lib/links/get-link-form";
import { setLinkForm } from "@/lib/links/set-link-form";
import { useTestDatabase } from "../support/database";
import { expectProblem } from "../support/ingest-helpers";
import { newTenant } from "../support/tenants";
import { type Answer, type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let host: Receiver;
const saved = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

function allowPrivateNetworks(allowed: boolean) {
  if (allowed) process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  else delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  resetEnv();
}

beforeAll(async () => {
  allowPrivateNetworks(true);
  host = await startReceiver();
  host.answer((request): Answer => {
    if (request.path === "/logo.png") return { status: 200, headers: { "content-type": "image/png" }, body: PNG };
    if (request.path === "/logo.gif") return { status: 200, headers: { "content-type": "image/gif" }, body: GIF };
    if (request.path === "/logo.svg") return { status: 200, headers: { "content-type": "image/svg+xml" }, body: SVG };
    if (request.path === "/page.png") return { status: 200, headers: { "content-type": "image/png" }, body: "<html></html>" };
    if (request.path === "/huge.png") {
      return { status: 200, headers: { "content-type": "image/png" }, body: Buffer.concat([PNG, Buffer.alloc(MAX_LOGO_BYTES)]) };
    }
    if (request.path === "/moved.png") return { status: 302, headers: { location: host.url("/logo.png") } };
    return { status: 404, body: "not here" };
  });
});

afterAll(async () => {
  await host.close();
  if (saved === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = saved;
  resetEnv();
});

/** A link whose form's logo is `logoUrl` (stored as is: see the top of the file). */
async function linkWithLogo(logoUrl: string) {
  const { workspace } = await newTenant("Logos");
  const link = await createLink(workspace.id, { name: "Instagram" });
  const form = await getLinkForm(workspace.id, link.id);
  await db.current.prisma.captureLink.update({
    where: { id: link.id },
    data: { form: { ...form, theme: { ...form.theme, logoUrl } } },
  });
  return { workspace, link, token: link.token };
}

function getLogo(token: string) {
  return GET(new Request(`http://localhost/f/${token}/logo`), { params: Promise.resolve({ token }) });
}

async function pageLogo(token: string) {
  const form = await loadHostedForm(db.current, token);
  return hostedLogoSrc(form!);
}

describe("GET /f/<token>/logo", () => {
  it("serves the form's PNG from here, with its type, nosniff and a cache lifetime; the page points at it", async () => {
    const { token } = await linkWithLogo(host.url("/logo.png"));
    const response = await getLogo(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    expect(await pageLogo(token)).toMatch(new RegExp(`^/f/${token}/logo\\?v=[0-9a-f]{12}$`));
  });

  it("fetches once per TTL, and again after the form is saved", async () => {
    const { workspace, link, token } = await linkWithLogo(host.url("/logo.gif"));
    const before = host.to("/logo.gif").length;
    for (let i = 0; i < 3; i++) expect((await getLogo(token)).status).toBe(200);
    expect(await pageLogo(token)).toBeDefined();
    expect(host.to("/logo.gif").length).toBe(before + 1);

    // Saving the form (here: the same document) forgets the workspace's cached logos.
    const stored = await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: link.id }, select: { form: true } });
    await setLinkForm(workspace.id, link.id, { ...(stored.form as object), theme: { color: "#c2185b", logoUrl: null } });
    await db.current.prisma.captureLink.update({ where: { id: link.id }, data: { form: stored.form as object } });
    const again = await getLogo(token);
    expect(again.headers.get("content-type")).toBe("image/gif");
    expect(host.to("/logo.gif").length).toBe(before + 2);
  });

  it.each([
    ["an SVG (a document that can carry script)", "/logo.svg"],
    ["a page that says it is a PNG", "/page.png"],
    ["an image over 1 MB", "/huge.png"],
    ["a redirect (not followed)", "/moved.png"],
    ["an address that answers 404", "/gone.png"],
  ])("refuses %s: 404 problem+json, and the page shows the workspace's name without a logo", async (_label, path) => {
    const { token } = await linkWithLogo(host.url(path));
    await expectProblem(await getLogo(token), 404, "not_found");
    expect(await pageLogo(token)).toBeUndefined();
  });

  it("does not reach a private network unless the server allows it (as for webhooks)", async () => {
    const { token } = await linkWithLogo(host.url("/logo.png?private"));
    allowPrivateNetworks(false);
    try {
      await expectProblem(await getLogo(token), 404, "not_found");
      expect(await pageLogo(token)).toBeUndefined();
    } finally {
      allowPrivateNetworks(true);
    }
    expect(host.requests.filter((request) => request.path === "/logo.png?private")).toEqual([]);
  });

  it("answers 404 capture_link_not_found for an unknown token, and 404 for a form without a logo", async () => {
    await expectProblem(await getLogo("cl_0000000000000000000000"), 404, "capture_link_not_found");
    const { workspace } = await newTenant("Plain");
    const link = await createLink(workspace.id, { name: "Plain" });
    await expectProblem(await getLogo(link.token), 404, "not_found");
  });
});
