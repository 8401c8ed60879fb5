import type { BenchServer } from "./servers";
import { residentMegabytes } from "./servers";

export interface Timing {
  p50: number;
  p95: number;
  samples: number;
}

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

function cookiePairs(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";", 1)[0]!);
}

/**
 * Signs in through next-auth's credentials endpoint, as the sign-in form does, and returns the Cookie
 * header of the session.
 */
export async function signIn(server: BenchServer, email: string, password: string): Promise<string> {
  // A 5xx (a database wait that timed out, on a saturated machine) is tried again; a wrong password is not.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await signInOnce(server, email, password);
    } catch (error) {
      if (!(error instanceof ServerError) || attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000 * attempt));
    }
  }
}

class ServerError extends Error {}

async function signInOnce(server: BenchServer, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${server.url}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiePairs(csrf);
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = cookiePairs(response).find((pair) => pair.includes("next-auth.session-token="));
  if (!session) {
    const message = `sign-in as ${email} failed: ${response.status} ${await response.text()}`;
    throw response.status >= 500 ? new ServerError(message) : new Error(message);
  }
  return [...jar, session].join("; ");
}

/**
 * Server time of admin pages as a browser's request sees it: from sending the request to the last byte of
 * the HTML, one request at a time (localhost, so the network adds nothing of note). Each URL gets two
 * unmeasured warm-up requests; the figures pool every URL's samples.
 */
export async function timePages(
  urls: readonly string[],
  cookie: string,
  samplesEach: number,
): Promise<Timing & { byUrl: Record<string, Timing> }> {
  const byUrl: Record<string, Timing> = {};
  const pooled: number[] = [];
  for (const url of urls) {
    const times: number[] = [];
    for (let index = 0; index < samplesEach + 2; index += 1) {
      const started = performance.now();
      const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
      const html = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${html.slice(0, 300)}`);
      if (index >= 2) times.push(elapsed);
    }
    pooled.push(...times);
    byUrl[url] = summarise(times);
  }
  return { ...summarise(pooled), byUrl };
}

function summarise(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), samples: sorted.length };
}

export interface ExportMeasure {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** The server's resident memory before the export and its highest sample during it. */
  rssBeforeMb: number;
  peakRssMb: number;
}

/** Downloads the CSV export, counting rows as they stream, while sampling the server's resident memory. */
export async function measureExport(server: BenchServer, url: string, cookie: string): Promise<ExportMeasure> {
  const pid = server.child.pid!;
  const rssBeforeMb = residentMegabytes(pid);
  let peakRssMb = rssBeforeMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, residentMegabytes(pid));
  }, 50);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
    if (response.status !== 200 || !response.body) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
    let newlines = 0;
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) newlines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    // One header row; quoted values may hold newlines only if a lead's text does, which seeded leads do not.
    const rows = Math.max(0, newlines - 1);
    return { rows, seconds, rowsPerSecond: rows / seconds, rssBeforeMb, peakRssMb: Math.max(peakRssMb, residentMegabytes(pid)) };
  } finally {
    clearInterval(sampler);
  }
}
