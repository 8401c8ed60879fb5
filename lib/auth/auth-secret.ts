import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";

/**
 * The key that signs session cookies: AUTH_SECRET, or one generated on first start and kept in DATA_DIR
 * (owner-only), so sessions survive restarts without anyone configuring anything. Several instances
 * behind a load balancer must share AUTH_SECRET.
 */
export function authSecret(): string {
  return processSingleton("auth-secret", () => {
    const configured = env().AUTH_SECRET;
    if (configured) return configured;
    const file = path.join(env().dataDir, "auth-secret");
    try {
      return fs.readFileSync(file, "utf8").trim();
    } catch {
      fs.mkdirSync(env().dataDir, { recursive: true });
      const secret = randomBytes(32).toString("base64url");
      try {
        fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
        return secret;
      } catch {
        return fs.readFileSync(file, "utf8").trim(); // another process wrote it first
      }
    }
  });
}
