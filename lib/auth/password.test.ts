import { describe, expect, it } from "vitest";
import { hashPassword, MAX_PASSWORD_LENGTH, verifyAgainstNothing, verifyPassword } from "./password";

describe("passwords", () => {
  it("hashes with argon2id and a fresh salt, and verifies only the right password", async () => {
    const first = await hashPassword("correct horse battery staple");
    const second = await hashPassword("correct horse battery staple");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(first, "correct horse battery stapl")).toBe(false);
    expect(await verifyPassword(first, "Correct horse battery staple")).toBe(false);
  });

  it("keeps Thai and other non-ASCII passwords exact", async () => {
    const stored = await hashPassword("รหัสผ่าน-ลับมาก-๒๕๖๙");
    expect(await verifyPassword(stored, "รหัสผ่าน-ลับมาก-๒๕๖๙")).toBe(true);
    expect(await verifyPassword(stored, "รหัสผ่าน-ลับมาก-2569")).toBe(false);
  });

  it("answers false, never throws, for a broken hash, an empty or an over-long password", async () => {
    const stored = await hashPassword("a password");
    expect(await verifyPassword("not-a-hash", "a password")).toBe(false);
    expect(await verifyPassword("", "a password")).toBe(false);
    expect(await verifyPassword(stored, "")).toBe(false);
    expect(await verifyPassword(stored, "x".repeat(MAX_PASSWORD_LENGTH + 1))).toBe(false);
    await expect(hashPassword("")).rejects.toThrow();
    await expect(hashPassword("x".repeat(MAX_PASSWORD_LENGTH + 1))).rejects.toThrow();
  });

  it("spends time on an unknown account too, and says no", async () => {
    expect(await verifyAgainstNothing("anything")).toBe(false);
    expect(await verifyAgainstNothing("")).toBe(false);
  });
});
