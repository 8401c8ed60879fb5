// DESIGN.md section 12, views: POST /ingest/<token>/views through the real route handler on a real database.
// 204 with an empty text/plain body and no cookie; one count per link and UTC day with nothing about the
// visitor; bots by user agent not counted; within the link's rate limit; revoked 410; read per workspace.
import { afterEach, describe, expect, it, vi } from "vitest";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { countViewRoute, viewMethodNotAllowed, viewPreflightRoute } from "@/lib/capture/count-view";
import { resetEnv } from "@/lib/env";
import { REMOTE_ADDRESS_HEADER } from "@/lib/http/request-meta";
import { linkViews } from "@/lib/links/link-views";
import { revokeLink } from "@/lib/links/revoke-link";
import { useTestDatabase } from "../support/database";
import { expectProblem, setupLink } from "../support/ingest-helpers";

const db = useTestDatabase();

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

function view(token: string, headers: Record<string, string> = {}, method = "POST"): Promise<Response> {
  const request = new Request(`http://localhost:3000/ingest/${token}/views`, {
    method,
    headers: { "content-type": "text/plain", "user-agent": BROWSER, [REMOTE_ADDRESS_HEADER]: "198.51.100.7", ...headers },
    body: method === "POST" ? "" : undefined,
  });
  const context = { params: Promise.resolve({ captureLink: token }) };
  if (method === "OPTIONS") return viewPreflightRoute(request, context);
  if (method !== "POST") return Promise.resolve(viewMethodNotAllowed(request));
  return countViewRoute(request, context);
}

async function rows(captureLinkId: string) {
  return db.current.prisma.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT * FROM link_views WHERE capture_link_id = '${captureLinkId}'`,
  );
}

describe("POST /ingest/<token>/views", () => {
  it("answers 204 with an empty text/plain body, CORS for any origin, no cookie; counts per link and UTC day", async () => {
    const { workspace, link, token } = await setupLink(db.current);
    const response = await view(token, { origin: "https://bolos.example" });
    expect(response.status).toBe(204);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    await view(token);
    await view(token);
    const today = new Date().toISOString().slice(0, 10);
    expect(await linkViews(db.current, workspace.id, link.id)).toEqual({ total: 3, days: [{ day: today, views: 3 }] });
    // Nothing about the visitor: the row is the link, the day and a number.
    const stored = await rows(link.id);
    expect(stored).toHaveLength(1);
    expect(Object.keys(stored[0]!).sort()).toEqual(["capture_link_id", "day", "views"]);
    expect(JSON.stringify(stored, (_key, value) => (typeof value === "bigint" ? Number(value) : value))).not.toMatch(
      /198\.51|Mozilla|bolos/,
    );
    // A view is not a submission: the request log stays empty.
    expect(await db.current.prisma.submission.count({ where: { captureLinkId: link.id } })).toBe(0);
  });

  it("does not count bots by their user agent (they get the same 204)", async () => {
    const { workspace, link, token } = await setupLink(db.current);
    expect((await view(token, { "user-agent": GOOGLEBOT })).status).toBe(204);
    expect((await view(token, { "user-agent": "curl/8.5.0" })).status).toBe(204);
    // Playwright's headless Chromium says so in its user agent: the e2e views test uses a normal browser's.
    const headless =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36";
    expect((await view(token, { "user-agent": headless })).status).toBe(204);
    expect((await linkViews(db.current, workspace.id, link.id)).total).toBe(0);
    await view(token);
    expect((await linkViews(db.current, workspace.id, link.id)).total).toBe(1);
  });

  it("is counted within the link's rate limit: 429 rate_limited past it, not counted", async () => {
    const { workspace, link, token } = await setupLink(db.current, { rateLimit: "2/min" });
    expect([(await view(token)).status, (await view(token)).status]).toEqual([204, 204]);
    const limited = await expectProblem(await view(token), 429, "rate_limited");
    expect(limited.code).toBe("rate_limited");
    expect((await linkViews(db.current, workspace.id, link.id)).total).toBe(2);
    // Another client has its own allowance.
    expect((await view(token, { [REMOTE_ADDRESS_HEADER]: "198.51.100.8" })).status).toBe(204);
  });

  it("a revoked link: 410 capture_link_revoked problem+json; an unknown token: 404; GET: 405; OPTIONS: 204 grant", async () => {
    const { workspace, link, token } = await setupLink(db.current);
    await revokeLink(workspace.id, link.id);
    invalidateCaptureLinks();
    const revoked = await view(token);
    expect(revoked.headers.get("content-type")).toBe("application/problem+json");
    expect(revoked.headers.get("access-control-allow-origin")).toBe("*");
    await expectProblem(revoked, 410, "capture_link_revoked");
    await expectProblem(await view("cl_0000000000000000000000"), 404, "capture_link_not_found");
    await expectProblem(await view("not-a-token"), 404, "capture_link_not_found");
    await expectProblem(await view(token, {}, "GET"), 405, "method_not_allowed");
    const preflight = await view(token, { origin: "https://x.example", "access-control-request-method": "POST" }, "OPTIONS");
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect((await linkViews(db.current, workspace.id, link.id)).total).toBe(0);
  });

  it("linkViews is scoped to the workspace, and filters by UTC day", async () => {
    const { workspace, link, token } = await setupLink(db.current);
    const other = await setupLink(db.current);
    await view(token);
    await db.current.prisma.$executeRawUnsafe(
      `INSERT INTO link_views (capture_link_id, day, views) VALUES ('${link.id}', '2026-01-05', 4)`,
    );
    expect((await linkViews(db.current, other.workspace.id, link.id)).total).toBe(0);
    expect((await linkViews(db.current, workspace.id, link.id)).total).toBe(5);
    const january = await linkViews(db.current, workspace.id, link.id, new Date("2026-01-01"), new Date("2026-01-31T23:00:00Z"));
    expect(january).toEqual({ total: 4, days: [{ day: "2026-01-05", views: 4 }] });
    expect(await linkViews(db.current, workspace.id, "not-a-uuid")).toEqual({ total: 0, days: [] });
  });
});
