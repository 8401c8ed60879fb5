#!/usr/bin/env node
// The production server: Next.js behind a plain Node HTTP server that owns the socket, so that it can
// (1) tell the app the TCP peer's address in a header no client can forge, and (2) drain in-flight
// requests on SIGTERM before the database is closed. Runs the build in .next as it is; `npm start`
// (scripts/start.mjs) builds first when the sources changed.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import v8 from "node:v8";
import nextEnv from "@next/env";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The TCP peer's address, set on every request; lib/ingest trusts X-Forwarded-For only with TRUST_PROXY=1. */
const REMOTE_ADDR_HEADER = "x-leadlink-remote-addr";
/** Set by lib/server/boot.ts: serves a capture request without Next.js's router (lib/capture/direct-capture.ts). */
const DIRECT_CAPTURE_HOOK = Symbol.for("leadlink.directCapture");
/** Set by lib/server/boot.ts: stops the embedded maintenance and closes the database (and its engine). */
const SHUTDOWN_HOOK = Symbol.for("leadlink.shutdown");
/** How long in-flight requests may take to finish after SIGTERM before their connections are cut. */
const DRAIN_TIMEOUT_MS = 25_000;
/** Bound on closing Next.js and the database once connections are gone. */
const CLOSE_TIMEOUT_MS = 10_000;
// Longer than the 60 s idle timeout of common load balancers (AWS ALB, nginx upstream keepalive), so
// the balancer, not this server, closes an idle connection and never sends a request into a closing one.
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
// Slow clients (issue 9, item 4). A client gets HEADERS_TIMEOUT_MS from its first byte (or from connecting)
// to send its headers, and the body's deadline (INGEST_BODY_TIMEOUT_MS, enforced by the capture route with a
// problem+json 408) plus REQUEST_TIMEOUT_GRACE_MS to send the whole request; past that Node answers
// "408 Request Timeout" and closes the connection, on every route. Node checks these every
// CONNECTIONS_CHECK_MS (its default, 30 s, would let them run half a minute over). The wait between two
// requests of a keep-alive connection counts against none of them (Node 18+), so load balancers' idle
// connections still live KEEP_ALIVE_TIMEOUT_MS.
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_GRACE_MS = 5_000;
const CONNECTIONS_CHECK_MS = 1_000;

/*
 * How far V8 lets the old generation grow past what the last full collection kept, before collecting again:
 * 1.2x. V8's own factor is up to 4x, so a long CSV export (a steady stream of short-lived rows, some of them
 * promoted) let ~150 MB of garbage pile up over a ~70 MB live heap: a 1,000,000-lead export peaked at 400 MB
 * of RSS, 219 MB of it heap. At 1.2x the heap peaked at ~110 MB and the export ran as fast (docs/benchmarks-log.md,
 * "Export memory and PostgreSQL ingest"). Set at run time because `npm start` and the bench start this file
 * with a plain `node`. A --heap-growing-percent given to node on its command line wins.
 */
const HEAP_GROWING_PERCENT = 20;

function limitHeapGrowth() {
  if (process.execArgv.some((arg) => arg.startsWith("--heap-growing-percent"))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/*
 * On PostgreSQL, WebAssembly runs on Liftoff, V8's baseline compiler, never tiered up to TurboFan. Prisma's
 * query compiler is a 3.4 MB WebAssembly module; its first query (a sign-in) ran hot enough for V8 to recompile
 * much of it with TurboFan on its background threads, and those compilations' ~45 MB of scratch memory stayed
 * in the threads' malloc arenas: a signed-in server rested at 232–262 MB instead of ~190, and a 1,000,000-lead
 * export peaked at 282–300 MB instead of ~220 (docs/benchmarks-log.md, "Export memory: WebAssembly on Liftoff").
 * Prisma caches each query's plan, so the compiler is off the hot path: its queries took no more CPU.
 * Only on PostgreSQL (DATABASE_URL): with the embedded database, PGlite (PostgreSQL itself as WebAssembly, in a
 * worker of this process; V8's flags are per process) would run on Liftoff too. Its ingest measured the same CPU
 * per request either way, but its heavier statements (search, export) were not measured on Liftoff.
 * A --liftoff flag given to node wins.
 */
function keepWasmOnLiftoff() {
  if (!process.env.DATABASE_URL?.trim()) return;
  if (process.execArgv.some((arg) => /^--(no-)?liftoff/.test(arg))) return;
  v8.setFlagsFromString("--liftoff-only");
}

function log(message) {
  process.stdout.write(`${message}\n`);
}

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readPort() {
  const raw = process.env.PORT?.trim() || "3000";
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) fail(`PORT must be a number from 0 to 65535, not "${raw}".`);
  return port;
}

/** lib/env.ts validates INGEST_BODY_TIMEOUT_MS when the app starts; here it only sizes the socket's bound. */
function bodyTimeoutMs() {
  const value = Number(process.env.INGEST_BODY_TIMEOUT_MS?.trim() || "10000");
  return Number.isInteger(value) && value >= 100 && value <= 300_000 ? value : 10_000;
}

function databaseDescription() {
  if (process.env.DATABASE_URL?.trim()) return "PostgreSQL";
  return `embedded database in ${path.resolve(process.env.DATA_DIR?.trim() || "./data")}`;
}

// IPv4 clients of a dual-stack socket appear as "::ffff:1.2.3.4"; the app stores the address people know.
function peerAddress(socket) {
  const address = socket.remoteAddress;
  return address?.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

/**
 * A 408 sent before the request's body has arrived closes the connection: otherwise Node would keep
 * reading, and throwing away, the rest of a trickling body on a keep-alive connection until the request
 * timeout. Other early answers (a 429 or 413 before a large body is read) keep Node's default, which
 * reads the rest so the client can read its answer. Node writes the head through writeHead() whether the
 * app calls it or not.
 */
function closeAfterTimeoutAnswer(req, res) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    if (status === 408 && !req.complete && !res.headersSent) res.setHeader("Connection", "close");
    return writeHead.call(this, status, ...rest);
  };
}

function withTimeout(promise, ms) {
  let timer;
  return Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
}

/**
 * In production, `app.prepare()` does not wait for instrumentation's register(): Next.js starts it on
 * its own and only makes requests wait for it. Awaiting it here means the database is open and migrated
 * (and the DATA_DIR lock taken, or the process gone with a clear message) before a connection is accepted.
 */
async function runInstrumentation(app) {
  const nextServer = await app.server?.getServer?.();
  if (typeof nextServer?.prepare !== "function") {
    throw new Error("This version of Next.js does not expose its server's prepare(): scripts/server.mjs needs updating.");
  }
  await nextServer.prepare();
}

function closeApp() {
  return withTimeout(Promise.resolve(globalThis[SHUTDOWN_HOOK]?.()), CLOSE_TIMEOUT_MS).catch((error) =>
    process.stderr.write(`Closing the database failed: ${error?.message ?? error}\n`),
  );
}

export async function startServer({ root = ROOT, port: portOption } = {}) {
  // Like the command line (bin/leadlink.mjs): prisma/migrations, .env files and a relative DATA_DIR are
  // found from the project, wherever the server is started from, so both always open the same database.
  process.chdir(root);
  limitHeapGrowth();
  // The build in .next is a production build; React and Next must run in production mode with it.
  process.env.NODE_ENV = "production";
  // The .env files, read as Next.js reads them (its own loader), before anything here reads a setting: Next.js
  // would load them only in app.prepare(), after the port is chosen, so a PORT in .env was ignored.
  nextEnv.loadEnvConfig(root, false, { info() {}, error: (...args) => process.stderr.write(`${args.join(" ")}\n`) });
  const port = portOption ?? readPort();
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
    fail("There is no production build in .next: run `npm start` (builds when needed) or `npm run build` first.");
  }

  const server = http.createServer({
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: Math.max(HEADERS_TIMEOUT_MS, bodyTimeoutMs() + REQUEST_TIMEOUT_GRACE_MS),
    connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
  });

  // One listener per signal for the whole life of the process. A signal that arrives while the
  // database opens is dispatched only once the event loop polls again, seconds later; removing the
  // signal's last listener in between (to swap handlers) would drop it unseen.
  let phase = "starting";
  let signalWhileStarting;
  let shutdown;
  const onSignal = (signal) => {
    if (phase === "starting") {
      // A second signal while starting: the caller insists, leave now.
      if (signalWhileStarting) process.exit(1);
      signalWhileStarting = signal;
      log(`Leadlink received ${signal} while starting: stopping once the database is open`);
    } else if (phase === "serving") {
      void shutdown(`received ${signal}`);
    } else {
      // A second Ctrl-C or SIGTERM: stop waiting for slow requests, but still close the database cleanly.
      log(`Leadlink received ${signal} again: closing all connections now`);
      server.closeAllConnections();
    }
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);

  const { default: next } = await import("next");
  const app = next({ dev: false, dir: root, httpServer: server, ...(port ? { port } : {}) });
  await app.prepare();
  // After prepare(), which loaded the .env files (DATABASE_URL); before the database and Prisma start.
  keepWasmOnLiftoff();
  await runInstrumentation(app);
  if (signalWhileStarting) {
    await closeApp();
    log("Leadlink stopped");
    process.exit(0);
  }
  const handle = app.getRequestHandler();
  const serveCaptureDirectly = globalThis[DIRECT_CAPTURE_HOOK] ?? (() => false);

  let draining = false;
  const pending = new Set();
  // Forwarded-* headers are believed only from a proxy (TRUST_PROXY=1); otherwise they describe this very
  // connection, which is what sign-in redirects (next-auth) are built from.
  const trustProxy = /^(1|true|yes)$/i.test(process.env.TRUST_PROXY ?? "");
  server.on("request", (req, res) => {
    delete req.headers[REMOTE_ADDR_HEADER];
    const address = peerAddress(req.socket);
    if (address) req.headers[REMOTE_ADDR_HEADER] = address;
    if (!trustProxy) {
      delete req.headers["x-forwarded-host"];
      delete req.headers["x-forwarded-for"];
      req.headers["x-forwarded-proto"] = req.socket.encrypted ? "https" : "http";
    }
    // While draining, each connection serves the request it carries and then closes.
    if (draining) res.setHeader("Connection", "close");
    if (!req.complete) closeAfterTimeoutAnswer(req, res);
    pending.add(res);
    res.once("close", () => pending.delete(res));
    // The capture endpoint, and the status of a hosted form's page (lib/capture/direct-capture.ts).
    if (serveCaptureDirectly(req, res, handle)) return;
    handle(req, res).catch((error) => {
      process.stderr.write(`Unhandled error serving ${req.method} ${req.url}: ${error?.stack ?? error}\n`);
      if (res.headersSent) res.destroy();
      else {
        res.statusCode = 500;
        res.end();
      }
    });
  });

  try {
    await new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    process.stderr.write(
      error.code === "EADDRINUSE"
        ? `Port ${port} is already in use by another process. Stop it, or set PORT to a free port.\n`
        : error.code === "EACCES"
          ? `Not allowed to listen on port ${port}. Set PORT to a port above 1023, or run with the needed privileges.\n`
          : `Could not start the HTTP server on port ${port}: ${error.message}\n`,
    );
    // The database is already open (and the DATA_DIR lock held): close it before leaving.
    await closeApp();
    process.exit(1);
  }
  const actualPort = server.address().port;
  log(`Leadlink listening on http://localhost:${actualPort} (${databaseDescription()})`);

  const drainAndExit = async (reason) => {
    phase = "stopping";
    draining = true;
    const closed = new Promise((resolve) => server.close(resolve));
    for (const res of pending) if (!res.headersSent) res.setHeader("Connection", "close");
    server.closeIdleConnections();
    log(`Leadlink ${reason}: finishing ${pending.size} in-flight request(s), accepting no new connections`);
    // A keep-alive connection goes idle when its last response is sent; close it then.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      log(`Leadlink: ${pending.size} request(s) still running after ${DRAIN_TIMEOUT_MS / 1000} s; closing their connections`);
      server.closeAllConnections();
    }, DRAIN_TIMEOUT_MS);
    await closed;
    clearInterval(sweep);
    clearTimeout(deadline);
    // Next.js finishes work scheduled with after() before the database goes away.
    await withTimeout(app.close(), CLOSE_TIMEOUT_MS).catch((error) =>
      process.stderr.write(`Closing Next.js failed: ${error?.message ?? error}\n`),
    );
    await closeApp();
    log("Leadlink stopped");
    process.exit(0);
  };
  let stopping;
  /** Stops gracefully: drains in-flight requests, closes the database, exits 0. Once. */
  shutdown = (reason) => (stopping ??= drainAndExit(reason));
  phase = "serving";
  // A signal that came while listening.
  if (signalWhileStarting) void shutdown(`received ${signalWhileStarting}`);

  return { server, port: actualPort, shutdown };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  startServer().catch((error) => fail(`Leadlink could not start: ${error?.stack ?? error}`));
}
