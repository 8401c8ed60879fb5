import http from "node:http";
import type { AddressInfo } from "node:net";

/** A port nothing listens on yet: whatever a spec starts on it later (a receiver, a fake API) is down until then. */
export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
