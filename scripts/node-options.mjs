// The Node options the production server runs with: `npm start` puts them in front of NODE_OPTIONS
// (package.json's "start"), and tests/e2e/support/server.ts does the same for the servers the tests and the
// bench start. An option given in NODE_OPTIONS comes after them and wins.
//
// --max-semi-space-size=8: V8's young generation capped at 2 × 8 MB instead of its default 2 × 16 MB. A long
// export (a steady stream of short-lived rows) grows it to the cap and keeps it until the server is idle: a
// 1,000,000-lead Excel export peaked at 249–250 MB of RSS with the default and at 225–226 MB with this, on a
// server resting at 187 instead of 202 MB. Ingest paid nothing measurable: 0.332 against 0.340 ms of server
// CPU per lead, 2,078 against 2,012 req/s, alternated (docs/benchmarks-log.md, "The young generation at 8 MB").
// It cannot be set once the process runs (V8 sizes the heap when it starts), hence NODE_OPTIONS.
export const SERVER_NODE_OPTIONS = "--max-semi-space-size=8";

/** NODE_OPTIONS for a server process: the server's options first, then whatever the caller gave. */
export function serverNodeOptions(nodeOptions = "") {
  return [SERVER_NODE_OPTIONS, nodeOptions.trim()].filter(Boolean).join(" ");
}
