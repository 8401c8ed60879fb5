// The embedded database engine: PGlite (PostgreSQL compiled to WebAssembly) in a worker thread, serving
// the PostgreSQL wire protocol on a Unix socket. The app, the command line, psql and pg_dump all connect to
// it with an ordinary PostgreSQL driver, as to a server; the WebAssembly runs here, off the thread that
// serves HTTP. Started by lib/db/embedded-engine.ts; plain JavaScript, so that tsx, Vitest and the
// production build's bundler all run it as it is.
//
// PGlite is one PostgreSQL backend: one session, one statement at a time. Many client connections share
// it through the scheduler below, which keeps each client's view of a session intact:
// - a client's messages run as whole protocol cycles (up to Sync, a simple Query or a Flush), never
//   interleaved with another client's (an unnamed statement or portal belongs to the cycle that made it);
// - while a client is inside a transaction (the cycle ended with ReadyForQuery "T" or "E", or without
//   ReadyForQuery after a Flush), only that client's cycles run; the others wait in order;
// - prepared statement names are per client connection in PostgreSQL, here they share one session: each
//   connection's names get its own prefix, and its statements are closed when it disconnects;
// - session settings (SET, set_config, DISCARD) would reach every other connection: after a cycle that may
//   have changed one, once its transaction is over, the session's settings are reset (RESET ALL) to the
//   engine's. So a connection's settings last until the end of its transaction (psql's `SET search_path`
//   holds for that statement; pg_dump's own settings hold only inside its dump transaction).
// @electric-sql/pglite-socket does the same job but queues single messages, so concurrent clients using
// the extended protocol interleave and fail ("portal does not exist"); see docs/engine.md.
import fs from "node:fs";
import net from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Messages after which the client waits for an answer: a protocol cycle ends there. */
const CYCLE_END = new Set(["S", "Q", "H", "c", "f"]);
/** Statements that may change a session setting: SET / RESET at a statement's start, set_config(), DISCARD. */
const SESSION_CHANGE = /(?:^|[;\n])\s*(?:SET|RESET)\s|set_config\s*\(|\bDISCARD\b/i;
/** The engine's own session settings, set at start and after every reset. */
const ENGINE_SETTINGS = "SET TIME ZONE 'UTC'";
const REPORTED_SETTINGS = [
  "server_version",
  "server_encoding",
  "client_encoding",
  "DateStyle",
  "IntervalStyle",
  "TimeZone",
  "integer_datetimes",
  "standard_conforming_strings",
];

const { dataDir, snapshot, socketPath } = workerData;

function message(type, ...parts) {
  const body = Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(`${part}\0`) : part)));
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function int32(value) {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
}

function fatal(code, text) {
  return message("E", "SFATAL", "VFATAL", `C${code}`, `M${text}`, Buffer.alloc(1));
}

const db = new PGlite({
  dataDir: dataDir ?? undefined,
  extensions: { pg_trgm },
  loadDataDir: snapshot ? new Blob([fs.readFileSync(snapshot)]) : undefined,
});
await db.waitReady;
await db.exec(ENGINE_SETTINGS);
const resetSession = message("Q", `RESET ALL; ${ENGINE_SETTINGS}`);

const settings = [];
for (const name of REPORTED_SETTINGS) {
  const { rows } = await db.query(`SELECT current_setting($1) AS value`, [name]);
  settings.push(message("S", name, rows[0].value));
}
const greeting = Buffer.concat([
  message("R", int32(0)),
  ...settings,
  message("K", int32(process.pid), int32(0)),
  message("Z", Buffer.from("I")),
]);

// ---- the scheduler ----

/** @type {{ connection: Connection, data: Buffer, discard?: boolean }[]} */
const queue = [];
/** The connection whose transaction is open: only its cycles run until it ends. */
let owner = null;
/** The connection whose cycle the engine is running. */
let current = null;
let running = false;

function submit(job) {
  queue.push(job);
  if (!running) void pump();
}

async function pump() {
  running = true;
  try {
    for (;;) {
      const index = owner ? queue.findIndex((job) => job.connection === owner) : queue.length > 0 ? 0 : -1;
      if (index < 0) break;
      const [job] = queue.splice(index, 1);
      current = job.connection;
      await run(job);
      current = null;
    }
  } finally {
    running = false;
  }
}

async function run(job) {
  const { connection } = job;
  let tail = Buffer.alloc(0);
  try {
    await db.execProtocolRawStream(job.data, {
      onRawData(chunk) {
        // A view of the engine's memory, reused by the next call: copy before the socket keeps it.
        const copy = Buffer.from(chunk);
        if (!job.discard && !connection.closed) connection.socket.write(copy);
        tail = copy.length >= 6 ? copy.subarray(-6) : Buffer.concat([tail, copy]).subarray(-6);
      },
    });
  } catch (error) {
    // Not an SQL error (those come back in the protocol): the engine itself failed. End whatever the
    // cycle left open; if the engine answers nothing any more, stop, so that the process learns it has no
    // database (lib/db/embedded-engine.ts) instead of serving errors forever.
    if (!job.discard) connection.fail("XX000", `embedded database: ${error?.message ?? error}`);
    owner = null;
    try {
      await db.execProtocolRawStream(Buffer.concat([message("S"), message("Q", "ROLLBACK")]), { onRawData() {} });
      await db.query("SELECT 1");
    } catch {
      process.exit(1);
    }
    return;
  }
  // A cycle that ends with ReadyForQuery tells the transaction status: I idle, T in a transaction, E failed one.
  const ready = tail.length === 6 && tail[0] === 0x5a && tail.readInt32BE(1) === 5 ? String.fromCharCode(tail[5]) : undefined;
  owner = ready === "I" || job.discard ? null : connection;
  if (connection.dirty && owner === null) {
    connection.dirty = false;
    await db.execProtocolRawStream(resetSession, { onRawData() {} }).catch(() => {});
  }
}

// ---- connections ----

let nextId = 1;
const connections = new Set();

class Connection {
  constructor(socket) {
    this.id = nextId++;
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
    this.started = false;
    this.closed = false;
    this.pending = [];
    /** True when a statement sent since the last reset may have changed a session setting. */
    this.dirty = false;
    /** Names of this connection's prepared statements, as the engine knows them. */
    this.statements = new Set();
    socket.setNoDelay(true);
    socket.on("data", (data) => this.receive(data));
    socket.on("error", () => this.close());
    socket.on("close", () => this.close());
    connections.add(this);
  }

  receive(data) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
    while (!this.closed) {
      if (!this.started) {
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) return;
        const code = this.buffer.readInt32BE(4);
        this.buffer = this.buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          this.socket.write("N");
        } else if (code >> 16 === 3) {
          this.started = true;
          this.socket.write(greeting);
        } else {
          // A cancel request, or a protocol this engine does not speak.
          if (code !== CANCEL_REQUEST) this.fail("08P01", "unsupported frontend protocol");
          else this.socket.destroy();
          return;
        }
        continue;
      }
      if (this.buffer.length < 5) return;
      const length = this.buffer.readInt32BE(1) + 1;
      if (this.buffer.length < length) return;
      const frame = this.buffer.subarray(0, length);
      this.buffer = this.buffer.subarray(length);
      const type = String.fromCharCode(frame[0]);
      if (type === "X") {
        this.socket.end();
        this.close();
        return;
      }
      if ((type === "Q" || type === "P") && SESSION_CHANGE.test(frame.toString("utf8", 5))) this.dirty = true;
      this.pending.push(this.rename(type, frame));
      if (CYCLE_END.has(type)) {
        submit({ connection: this, data: Buffer.concat(this.pending) });
        this.pending = [];
      }
    }
  }

  /** The frame with its prepared statement's name made this connection's own. */
  rename(type, frame) {
    const own = (name) => (name === "" ? "" : `c${this.id}_${name}`);
    const cstring = (offset) => {
      const end = frame.indexOf(0, offset);
      return { value: frame.toString("utf8", offset, end), end: end + 1 };
    };
    const rebuild = (head, name, rest) => message(type, Buffer.concat([head, Buffer.from(`${name}\0`), rest]));
    if (type === "P") {
      const name = cstring(5);
      if (name.value === "") return frame;
      this.statements.add(own(name.value));
      return rebuild(Buffer.alloc(0), own(name.value), frame.subarray(name.end));
    }
    if (type === "B") {
      const portal = cstring(5);
      const statement = cstring(portal.end);
      if (statement.value === "") return frame;
      return rebuild(frame.subarray(5, portal.end), own(statement.value), frame.subarray(statement.end));
    }
    if ((type === "D" || type === "C") && frame[5] === 0x53 /* S */) {
      const name = cstring(6);
      if (name.value === "") return frame;
      if (type === "C") this.statements.delete(own(name.value));
      return rebuild(frame.subarray(5, 6), own(name.value), frame.subarray(name.end));
    }
    return frame;
  }

  fail(code, text) {
    if (!this.closed) this.socket.end(fatal(code, text));
    this.close();
  }

  /** Drops what the connection left queued, ends its transaction and closes its prepared statements. */
  close() {
    if (this.closed) return;
    this.closed = true;
    connections.delete(this);
    for (let index = queue.length - 1; index >= 0; index--) if (queue[index].connection === this) queue.splice(index, 1);
    // A cycle of its own may be running: it may leave a transaction open, which the cleanup ends.
    const holdsSession = owner === this || current === this;
    if (!holdsSession && this.statements.size === 0 && !this.dirty) return;
    const cleanup = [message("S")];
    if (holdsSession) cleanup.push(message("Q", "ROLLBACK"));
    for (const name of this.statements) cleanup.push(message("C", Buffer.from("S"), `${name}`));
    cleanup.push(message("S"));
    submit({ connection: this, data: Buffer.concat(cleanup), discard: true });
  }
}

// ---- serving ----

fs.rmSync(socketPath, { force: true });
const server = net.createServer((socket) => new Connection(socket));
await new Promise((resolve, reject) => {
  server.once("error", reject);
  server.listen(socketPath, () => {
    server.off("error", reject);
    resolve();
  });
});
fs.chmodSync(socketPath, 0o600);

parentPort.on("message", async (request) => {
  try {
    if (request.type === "dump") {
      const dump = new Uint8Array(await (await db.dumpDataDir("gzip")).arrayBuffer());
      parentPort.postMessage({ type: "dumped", id: request.id, dump }, [dump.buffer]);
    } else if (request.type === "stop") {
      await new Promise((resolve) => {
        server.close(() => resolve());
        for (const connection of connections) connection.socket.destroy();
      });
      while (running || queue.length > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await db.close();
      fs.rmSync(socketPath, { force: true });
      parentPort.postMessage({ type: "stopped", id: request.id });
    }
  } catch (error) {
    parentPort.postMessage({ type: "failed", id: request.id, message: error?.message ?? String(error) });
  }
});

parentPort.postMessage({ type: "ready" });
