import fs from "node:fs";
import path from "node:path";

/**
 * Loads the .env files the production server reads (Next.js's order: .env.<mode>.local, .env.local,
 * .env.<mode>, .env; the environment and earlier files win). Without this, a DATABASE_URL set in
 * .env would reach the server but not the command line, which would then quietly use an embedded database.
 * The mode is NODE_ENV, production when unset, as `npm start` runs.
 */
export function loadEnvFiles(root: string): void {
  const mode = process.env.NODE_ENV?.trim() || "production";
  const files = [`.env.${mode}.local`, ...(mode === "test" ? [] : [".env.local"]), `.env.${mode}`, ".env"];
  for (const file of files) {
    const full = path.join(root, file);
    // process.loadEnvFile keeps variables that are already set, so the first file to set one wins.
    if (fs.existsSync(full)) process.loadEnvFile(full);
  }
}
