import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ForeignSite {
  /** http://localhost:<port>: another origin than the Leadlink server (http://127.0.0.1:<its port>). */
  origin: string;
  close(): Promise<void>;
}

/**
 * A landing page on another origin, as a sender's site would be: a plain HTTP server on another port
 * serving `pages` (path → HTML), so the browser applies real CORS between it and Leadlink.
 */
export async function serveForeignSite(pages: Record<string, string>): Promise<ForeignSite> {
  const server = http.createServer((request, response) => {
    const page = pages[new URL(request.url ?? "/", "http://localhost").pathname];
    if (page === undefined) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page);
  });
  // Every interface, so "localhost" works whether the browser resolves it to ::1 or 127.0.0.1.
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function htmlPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}
