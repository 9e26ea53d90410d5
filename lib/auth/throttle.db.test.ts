import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signInThrottle } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS } from "../db/testing/databases";
import { signInMessage, refusalCode } from "./sign-in-messages";
import { checkSignInThrottle, clearAccountThrottle, minutesUntil, pruneSignInThrottle, recordSignInFailure, THROTTLE } from "./throttle";
import { translateSignIn } from "@/components/auth/auth-messages";
import { setUpTestDatabase } from "../testing/database-fixture";

const T0 = new Date("2026-11-21T03:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
let counter = 0;
/** A fresh email and IP per test, so tests sharing one database do not see each other's counts. */
const fresh = () => {
  counter += 1;
  return { email: `person${counter}@shop.example`, ip: `198.51.100.${counter}` };
};

describe.each(DATABASE_KINDS)("sign-in throttle on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  beforeAll(async () => {
    if (!skip) setup.database = await createTestDatabase(kind, { poolSize: 8 });
  });
  const db = () => setup.db;

  it.skipIf(skip)("locks an account for 15 minutes at the 5th failure within 15 minutes", async () => {
    const who = fresh();
    for (let i = 1; i <= 4; i++) {
      expect(await recordSignInFailure(db(), { ...who, now: at(i) })).toBeNull();
      expect(await checkSignInThrottle(db(), { ...who, now: at(i) })).toBeNull();
    }
    const lock = await recordSignInFailure(db(), { ...who, now: at(5) });
    expect(lock).toEqual({ scope: "account", retryAfterMs: THROTTLE.lockMs });
    expect(await checkSignInThrottle(db(), { ...who, now: at(6) })).toEqual({ scope: "account", retryAfterMs: 14 * 60_000 });
    // The same email from another network is locked too: the lock is on the account.
    expect((await checkSignInThrottle(db(), { email: who.email, ip: "203.0.113.250", now: at(6) }))?.scope).toBe("account");
    // Once the lock runs out the account may try again, and counting starts over.
    expect(await checkSignInThrottle(db(), { ...who, now: at(20) })).toBeNull();
    expect(await recordSignInFailure(db(), { ...who, now: at(20) })).toBeNull();
    const [row] = await db()
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.key, `email:${who.email}`));
    expect(row?.failures).toBe(1);
  });

  it.skipIf(skip)("forgets failures older than the 15-minute window", async () => {
    const who = fresh();
    for (let i = 0; i < 4; i++) await recordSignInFailure(db(), { ...who, now: at(i) });
    expect(await recordSignInFailure(db(), { ...who, now: at(16) })).toBeNull();
    expect(await checkSignInThrottle(db(), { ...who, now: at(16) })).toBeNull();
  });

  it.skipIf(skip)("a success clears the account's count but not the IP's", async () => {
    const who = fresh();
    for (let i = 0; i < 4; i++) await recordSignInFailure(db(), { ...who, now: at(i) });
    await clearAccountThrottle(db(), who.email);
    for (let i = 4; i < 8; i++) expect(await recordSignInFailure(db(), { ...who, now: at(i) })).toBeNull();
    const [ipRow] = await db()
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.key, `ip:${who.ip}`));
    expect(ipRow?.failures).toBe(8);
  });

  it.skipIf(skip)("treats an email the same whatever its case and spaces", async () => {
    const who = fresh();
    for (let i = 0; i < 4; i++) await recordSignInFailure(db(), { email: who.email.toUpperCase(), ip: null, now: at(i) });
    expect((await recordSignInFailure(db(), { email: `  ${who.email} `, ip: null, now: at(4) }))?.scope).toBe("account");
  });

  it.skipIf(skip)("locks an IP at 20 failures across many accounts (password spraying), and only that IP", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 19; i++) expect(await recordSignInFailure(db(), { email: `spray${i}@shop.example`, ip, now: at(0) })).toBeNull();
    expect(await recordSignInFailure(db(), { email: "spray19@shop.example", ip, now: at(0) })).toEqual({
      scope: "ip",
      retryAfterMs: THROTTLE.lockMs,
    });
    expect(await checkSignInThrottle(db(), { email: "someone-else@shop.example", ip, now: at(1) })).toEqual({
      scope: "ip",
      retryAfterMs: 14 * 60_000,
    });
    expect(await checkSignInThrottle(db(), { email: "someone-else@shop.example", ip: "192.0.2.78", now: at(1) })).toBeNull();
  });

  it.skipIf(skip)("groups IPv6 addresses by /64", async () => {
    for (let i = 0; i < 19; i++)
      await recordSignInFailure(db(), { email: `v6-${i}@shop.example`, ip: `2001:db8:5:6::${i + 1}`, now: at(0) });
    expect(await checkSignInThrottle(db(), { email: "v6@shop.example", ip: "2001:db8:5:6:ffff::1", now: at(0) })).toBeNull();
    await recordSignInFailure(db(), { email: "v6-last@shop.example", ip: "2001:db8:5:6:aaaa::2", now: at(0) });
    expect((await checkSignInThrottle(db(), { email: "v6@shop.example", ip: "2001:db8:5:6:ffff::1", now: at(0) }))?.scope).toBe("ip");
  });

  it.skipIf(skip)("counts concurrent failures exactly (one atomic upsert each)", async () => {
    const who = fresh();
    await Promise.all(Array.from({ length: 12 }, () => recordSignInFailure(db(), { ...who, now: at(0) })));
    const [row] = await db()
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.key, `email:${who.email}`));
    expect(row?.failures).toBe(12);
    expect(row?.lockedUntil?.getTime()).toBe(at(15).getTime());
  });

  it.skipIf(skip)("prunes rows whose window and lock have both run out", async () => {
    const old = fresh();
    const locked = fresh();
    const recent = fresh();
    await recordSignInFailure(db(), { ...old, now: at(-100) });
    for (let i = 0; i < 5; i++) await recordSignInFailure(db(), { email: locked.email, ip: null, now: at(-20) });
    await recordSignInFailure(db(), { ...recent, now: at(-1) });
    await pruneSignInThrottle(db(), at(-10));
    const keys = (await db().select({ key: signInThrottle.key }).from(signInThrottle)).map((r) => r.key);
    expect(keys).not.toContain(`email:${old.email}`);
    expect(keys).toContain(`email:${locked.email}`); // still locked until at(-5)
    expect(keys).toContain(`email:${recent.email}`);
  });
});

describe("throttle messages", () => {
  it("say what happened and when to try again, in whole minutes", () => {
    expect(minutesUntil(14 * 60_000 + 1)).toBe(15);
    expect(minutesUntil(3_000)).toBe(1);
    expect(translateSignIn("en", signInMessage(refusalCode({ reason: "throttled", scope: "account", minutes: 15 })))).toBe(
      "Too many failed sign-ins for this account; try again in 15 minutes.",
    );
    expect(translateSignIn("en", signInMessage(refusalCode({ reason: "throttled", scope: "ip", minutes: 1 })))).toBe(
      "Too many failed sign-ins from this network; try again in 1 minute.",
    );
    expect(translateSignIn("en", signInMessage("disabled"))).toBe("This account is disabled; ask an admin.");
    expect(signInMessage("invalid")).toBe(signInMessage("credentials"));
    expect(translateSignIn("en", signInMessage("locked-account-x"))).toMatch(/not working right now/);
    expect(translateSignIn("en", signInMessage(undefined))).toMatch(/not working right now/);
  });
});
