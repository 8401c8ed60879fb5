import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The most common passwords of public breach lists (zxcvbn-ts's "passwords-common", about 49,000 entries,
 * most common first), lower-cased. OWASP ASVS 5.0 V6.2.4 asks that at least the top 3,000 be refused; the whole
 * list costs a few hundred kilobytes once per process, and every password it holds is one a guesser tries early.
 */
let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary["passwords-common"].map((password) => password.toLowerCase()));
  return common;
}

/** Whether a password is on the list, in any case (`PASSWORD` is guessed as early as `password`). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** How many passwords the list holds (the unit test checks that it covers ASVS's 3,000). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}
