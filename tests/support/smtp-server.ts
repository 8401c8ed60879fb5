import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  parsed: ParsedMail;
  /** Date.now() when it arrived. */
  at: number;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every message it accepts, parsed
 * with `mailparser`. `refuse(451)` makes it answer every message with that code until `refuse(null)`;
 * `stop()` closes the port and `start()` opens the same one again (a mail server that is down, then back).
 * `delayMs` holds every answer to a message that long (a slow mail server).
 */
export async function startSmtpServer(options: { delayMs?: number } = {}) {
  const mails: ReceivedMail[] = [];
  let refusal: number | null = null;
  let server: SMTPServer | undefined;
  let port = 0;

  function create(): SMTPServer {
    return new SMTPServer({
      // Plain SMTP with AUTH on a test port: no certificate to trust, and the URL's user and password are still sent.
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username });
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          if (refusal !== null) {
            const error = Object.assign(new Error("try again later"), { responseCode: refusal });
            callback(error);
            return;
          }
          simpleParser(Buffer.concat(chunks)).then(
            (parsed) => {
              mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed, at: Date.now() });
              setTimeout(() => callback(), options.delayMs ?? 0);
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
  }

  async function listen(candidate: SMTPServer): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      // On the SMTPServer, which passes its socket's errors on (unheard, one would be thrown).
      candidate.once("error", reject);
      candidate.listen(port, "127.0.0.1", () => {
        candidate.off("error", reject);
        // From now on its errors are its clients' sockets: a sender killed mid-message (kill -9 tests) resets its
        // connection, which a mail server outlives. Unheard, the ECONNRESET would be thrown into the test.
        candidate.on("error", () => {});
        resolve();
      });
    });
  }

  async function start(): Promise<void> {
    // Back on the same port: while it was closed another process may have been given it for a moment
    // (an outgoing connection's local port), so an address in use is tried again for a while.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const candidate = create();
      try {
        await listen(candidate);
        server = candidate;
        port = (candidate.server.address() as AddressInfo).port;
        return;
      } catch (error) {
        const inUse = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
        if (!inUse || port === 0 || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  async function stop(): Promise<void> {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await start();

  return {
    mails,
    get port() {
      return port;
    },
    /** SMTP_URL for this server. */
    url: () => `smtp://leadlink:secret@127.0.0.1:${port}`,
    refuse(code: number | null) {
      refusal = code;
    },
    start,
    stop,
    close: stop,
    /** The mails to `address`, waiting until there are at least `count` (30 s at most). */
    async waitFor(address: string, count = 1, timeoutMs = 30_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((mail) => mail.to.includes(address));
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`${found.length} of ${count} mails to ${address} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    to(address: string): ReceivedMail[] {
      return mails.filter((mail) => mail.to.includes(address));
    },
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;
