import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/users/password";
import { UserInput } from "@/lib/users/user-input";

describe("password hashing", () => {
  it("hashes with argon2id and a fresh salt, and verifies only the right password", async () => {
    const first = await hashPassword("correct horse");
    const second = await hashPassword("correct horse");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, "correct horse")).toBe(true);
    expect(await verifyPassword(first, "correct horse ")).toBe(false);
    expect(await verifyPassword(first, "wrong")).toBe(false);
  });

  it("treats an unreadable stored hash as a wrong password", async () => {
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
    expect(await verifyPassword("", "anything")).toBe(false);
  });
});

describe("UserInput", () => {
  it("lower-cases the email, keeps the password as typed and drops an empty name", () => {
    expect(UserInput.parse({ email: " Ana@Example.COM ", password: " spaced password ", name: "  " })).toEqual({
      email: "ana@example.com",
      password: " spaced password ",
      name: undefined,
    });
  });

  it("refuses a bad email and a short password", () => {
    const result = UserInput.safeParse({ email: "not-an-email", password: "short" });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["email", "password"]);
  });
});
