// Issue 9, item 4: a body sent one byte a second was never timed out. The route now gives a body
// INGEST_BODY_TIMEOUT_MS (10 s by default; 300 ms here) after the headers, then answers 408
// request_timeout and records it. Over real sockets, with the server's own limits:
// tests/e2e/hardening-slow-body.spec.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as route from "@/app/ingest/[captureLink]/route";
import { resetEnv } from "@/lib/env";
import { REMOTE_ADDRESS_HEADER } from "@/lib/http/request-meta";
import { useTestDatabase } from "../support/database";
import { expectProblem, leadCount, setupLink, submissionsOf } from "../support/ingest-helpers";

const db = useTestDatabase();

beforeEach(() => {
  vi.stubEnv("INGEST_BODY_TIMEOUT_MS", "300");
  resetEnv();
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

/** A POST whose body sends its first bytes and then nothing more, without ending. */
function tricklingPost(token: string, ip: string): { response: Promise<Response>; cancelled: Promise<void> } {
  let onCancel!: () => void;
  const cancelled = new Promise<void>((resolve) => (onCancel = resolve));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"name":"Ana","email":"an'));
    },
    cancel: () => onCancel(),
  });
  const request = new Request(`http://localhost:3000/ingest/${token}`, {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": "60", [REMOTE_ADDRESS_HEADER]: ip },
    body,
    duplex: "half",
  } as RequestInit);
  return { response: route.POST(request, { params: Promise.resolve({ captureLink: token }) }), cancelled };
}

describe("a body that does not arrive", () => {
  it("is answered 408 request_timeout (problem+json, CORS) once the deadline passes, stops being read, and is recorded", async () => {
    const { token, link, workspace } = await setupLink(db.current);
    const { response, cancelled } = tricklingPost(token, "203.0.113.90");
    const answer = await response;
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    const problem = await expectProblem(answer, 408, "request_timeout");
    expect(problem.detail).toContain("0.3 s");
    await cancelled;
    expect(await leadCount(db.current, workspace.id)).toBe(0);
    expect(await submissionsOf(db.current, link.id)).toMatchObject([
      { outcome: "rejected", status: 408, errorCode: "request_timeout", ip: "203.0.113.90" },
    ]);
  });

  it("counts against the rate limit like any request: a crowd of slow bodies from one client gets 429s at once", async () => {
    const { token, link } = await setupLink(db.current, { rateLimit: "3/min" });
    const requests = Array.from({ length: 8 }, () => tricklingPost(token, "203.0.113.91"));
    const statuses = await Promise.all(requests.map(async ({ response }) => (await response).status));
    expect(statuses.filter((status) => status === 408)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const rows = await submissionsOf(db.current, link.id);
    expect(rows.map((row) => row.errorCode).sort()).toEqual([
      "rate_limited",
      "request_timeout",
      "request_timeout",
      "request_timeout",
    ]);
  });

  it("when the client goes away mid-body, is recorded as an incomplete request (408), not a server fault", async () => {
    const { token, link, workspace } = await setupLink(db.current);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"Ana","email":"an'));
        setTimeout(() => controller.error(new Error("aborted")), 20);
      },
    });
    const request = new Request(`http://localhost:3000/ingest/${token}`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "60", [REMOTE_ADDRESS_HEADER]: "203.0.113.92" },
      body,
      duplex: "half",
    } as RequestInit);
    const answer = await route.POST(request, { params: Promise.resolve({ captureLink: token }) });
    const problem = await expectProblem(answer, 408, "request_timeout");
    expect(problem.detail).toContain("connection closed");
    expect(await leadCount(db.current, workspace.id)).toBe(0);
    expect(await submissionsOf(db.current, link.id)).toMatchObject([
      { outcome: "rejected", status: 408, errorCode: "request_timeout", ip: "203.0.113.92" },
    ]);
  });
});
