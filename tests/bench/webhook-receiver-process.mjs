// The webhook bench's receiver (tests/bench/webhook-phase.ts) in a process of its own: it stands in for a
// remote machine, so it must not take the event loop of the bench process, where autocannon generates the
// load. Forked with an IPC channel; plain JavaScript, so it starts without tsx.
//
// Every request is read to its end and checked (a JSON body with a `timestamp`, the Standard Webhooks
// headers); its latency (arrival minus the message's `timestamp`) is kept, and requests that fail the check
// are counted. It answers 200 "ok" to each. The parent asks for what arrived with {"type":"take"}.
import http from "node:http";

let latencies = [];
let invalid = 0;
let firstProblem;

const server = http.createServer((incoming, outgoing) => {
  const chunks = [];
  incoming.on("data", (chunk) => chunks.push(chunk));
  incoming.on("end", () => {
    const at = Date.now();
    let timestamp = Number.NaN;
    try {
      timestamp = Date.parse(JSON.parse(Buffer.concat(chunks).toString("utf8")).timestamp);
    } catch {}
    const signed = Boolean(incoming.headers["webhook-id"] && incoming.headers["webhook-signature"]);
    if (incoming.method !== "POST" || !signed || Number.isNaN(timestamp)) {
      invalid += 1;
      firstProblem ??= `${incoming.method} ${incoming.url}: signed ${signed}, timestamp ${timestamp}`;
    } else latencies.push(at - timestamp);
    outgoing.writeHead(200, { "content-type": "text/plain" });
    outgoing.end("ok");
  });
});

process.on("message", (message) => {
  if (message?.type !== "take") return;
  process.send({ type: "taken", latencies, invalid, firstProblem });
  latencies = [];
  invalid = 0;
  firstProblem = undefined;
});
process.on("disconnect", () => process.exit(0));

server.listen(0, "127.0.0.1", () => process.send({ type: "listening", port: server.address().port }));
