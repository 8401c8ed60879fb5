import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** How the fake provider answers the next requests. */
export type VerifierMode =
  | { kind: "answer"; body: Record<string, unknown> }
  | { kind: "status"; status: number }
  | { kind: "hang" }
  | { kind: "not-json" };

/**
 * A local stand-in for a captcha provider's siteverify endpoint (Turnstile, hCaptcha and reCAPTCHA share its
 * shape): records each form it is sent and answers as `mode` says. Point CAPTCHA_VERIFY_URL at `url`.
 */
export async function startFakeVerifier() {
  const received: Record<string, string>[] = [];
  let mode: VerifierMode = { kind: "answer", body: { success: true } };
  const hanging: ServerResponse[] = [];
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))));
    switch (mode.kind) {
      case "answer":
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(mode.body));
        return;
      case "status":
        response.writeHead(mode.status, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>");
        return;
      case "not-json":
        response.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>");
        return;
      case "hang":
        hanging.push(response);
        return;
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    received,
    setMode(next: VerifierMode) {
      mode = next;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, "close").catch(() => {});
    },
  };
}

export type FakeVerifier = Awaited<ReturnType<typeof startFakeVerifier>>;
