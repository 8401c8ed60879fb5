import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { ROOT, type RunningServer, removeDataDir, startServer, stopAll, tempDataDir } from "./support/server";

// `npm start` reads its settings from the project's .env files as Next.js does. The port is chosen before Next.js
// loads them, so scripts/server.mjs loads them first: a PORT in .env was ignored before.

const ENV_FILE = path.join(ROOT, ".env.production.local");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test("the server listens on the PORT of a .env file when the environment sets none", async () => {
  // A developer's own file is never overwritten: the test needs the file to itself.
  test.skip(fs.existsSync(ENV_FILE), `${ENV_FILE} exists`);
  const port = await freePort();
  const dataDir = tempDataDir();
  fs.writeFileSync(ENV_FILE, `PORT=${port}\n`);
  const servers: RunningServer[] = [];
  try {
    const server = await startServer({ dataDir, env: { PORT: undefined } });
    servers.push(server);
    // Other specs' servers read the file too while it exists; their environment's PORT wins over it.
    fs.rmSync(ENV_FILE, { force: true });
    expect(server.port).toBe(port);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  } finally {
    fs.rmSync(ENV_FILE, { force: true });
    await stopAll(servers);
    removeDataDir(dataDir);
  }
});
