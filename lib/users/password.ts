import { type Algorithm, hash, verify } from "@node-rs/argon2";

// Algorithm is a const enum, which isolatedModules cannot read from a declaration file: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** Argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane): about 20 ms, so sign-in stays fast and brute force does not. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** A PHC string ($argon2id$v=19$m=…) that carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a stored hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
