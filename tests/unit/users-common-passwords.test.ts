// Issue 24 (security 6): the one password schema refuses the most common passwords (OWASP ASVS 5.0 V6.2.4).
import { describe, expect, it } from "vitest";
import { commonPasswordCount, isCommonPassword } from "@/lib/users/common-passwords";
import { Password } from "@/lib/users/user-input";

const issues = (password: string) =>
  (Password.safeParse(password).error?.issues ?? []).map((issue) =>
    issue.code === "custom" ? (issue.params as { code: string }).code : issue.code,
  );

describe("common passwords", () => {
  it("holds at least ASVS's top 3,000", () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(3_000);
  });

  it("are recognised in any case", () => {
    for (const password of ["12345678", "password", "PASSWORD", "Password1", "qwertyuiop", "iloveyou"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of ["correct horse battery", "quiet-otter-41", "a new password"]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it("are refused by the Password schema with their own code; a short one is only too short", () => {
    expect(issues("12345678")).toEqual(["common_password"]);
    expect(issues("PassWord")).toEqual(["common_password"]);
    expect(Password.safeParse("password").error?.issues[0]?.message).toBe("is too common: choose one that is harder to guess");
    expect(issues("123456")).toEqual(["too_small"]);
    expect(issues("correct horse battery")).toEqual([]);
  });
});
