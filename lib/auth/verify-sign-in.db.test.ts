import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, staffUsers } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS } from "../db/testing/databases";
import { insertStaff } from "./testing/staff";
import { verifySignIn } from "./verify-sign-in";
import { setUpTestDatabase } from "../testing/database-fixture";

const T0 = new Date("2026-11-21T03:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe.each(DATABASE_KINDS)("sign-in on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  beforeAll(async () => {
    if (!skip) setup.database = await createTestDatabase(kind);
  });
  const db = () => setup.db;
  const auditFor = (email: string) =>
    db()
      .select({ outcome: auditLog.outcome, actorId: auditLog.actorId, ip: auditLog.ip, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target, email), eq(auditLog.action, "auth.sign-in")))
      .orderBy(auditLog.id);

  it.skipIf(skip)("signs in with the right password, whatever the email's case, and records it", async () => {
    const staff = await insertStaff(db(), { email: "Finance.Lead@Shop.example", role: "finance", merchantIds: ["mer_a"] });
    const result = await verifySignIn(db(), {
      email: " finance.lead@SHOP.example ",
      password: staff.password,
      ip: "203.0.113.5",
      now: at(0),
    });
    expect(result).toEqual({
      ok: true,
      user: { id: staff.id, email: "Finance.Lead@Shop.example", name: "Test finance", role: "finance", merchantIds: ["mer_a"] },
    });
    const [row] = await db().select().from(staffUsers).where(eq(staffUsers.id, staff.id));
    expect(row?.lastSignInAt?.getTime()).toBe(at(0).getTime());
    expect(await auditFor("finance.lead@shop.example")).toEqual([
      { outcome: "ok", actorId: staff.id, ip: "203.0.113.5", action: "auth.sign-in" },
    ]);
  });

  it.skipIf(skip)("gives a wrong password and an unknown email the same answer, and audits both", async () => {
    const staff = await insertStaff(db());
    const wrong = await verifySignIn(db(), { email: staff.email, password: "not it", ip: "203.0.113.6", now: at(0) });
    const unknown = await verifySignIn(db(), { email: "nobody@shop.example", password: "not it", ip: "203.0.113.6", now: at(0) });
    expect(wrong).toEqual({ ok: false, refusal: { reason: "invalid" } });
    expect(unknown).toEqual(wrong);
    expect(await auditFor(staff.email)).toEqual([{ outcome: "failed", actorId: staff.id, ip: "203.0.113.6", action: "auth.sign-in" }]);
    expect(await auditFor("nobody@shop.example")).toEqual([
      { outcome: "failed", actorId: null, ip: "203.0.113.6", action: "auth.sign-in" },
    ]);
  });

  it.skipIf(skip)("tells a disabled person so only after the right password, without counting a failure", async () => {
    const staff = await insertStaff(db(), { isDisabled: true });
    expect(await verifySignIn(db(), { email: staff.email, password: "guess", ip: null, now: at(0) })).toEqual({
      ok: false,
      refusal: { reason: "invalid" },
    });
    for (let i = 0; i < 6; i++) {
      expect(await verifySignIn(db(), { email: staff.email, password: staff.password, ip: null, now: at(0) })).toEqual({
        ok: false,
        refusal: { reason: "disabled" },
      });
    }
    const [row] = await db().select().from(staffUsers).where(eq(staffUsers.id, staff.id));
    expect(row?.lastSignInAt).toBeNull();
  });

  it.skipIf(skip)("locks after a burst of wrong passwords, then refuses even the right one until the lock ends", async () => {
    const staff = await insertStaff(db(), { role: "admin" });
    const attempt = (password: string, minutes: number) =>
      verifySignIn(db(), { email: staff.email, password, ip: "203.0.113.7", now: at(minutes) });
    for (let i = 0; i < 4; i++) expect((await attempt("wrong", 0)).ok).toBe(false);
    expect(await attempt("wrong", 0)).toEqual({ ok: false, refusal: { reason: "throttled", scope: "account", minutes: 15 } });
    expect(await attempt(staff.password, 1)).toEqual({ ok: false, refusal: { reason: "throttled", scope: "account", minutes: 14 } });
    expect(await attempt(staff.password, 15)).toMatchObject({ ok: true });
    // The refusals during the lock wrote no rows: four failures, the one that locked, the success.
    expect((await auditFor(staff.email)).map((r) => r.outcome)).toEqual(["failed", "failed", "failed", "failed", "locked", "ok"]);
  });

  it.skipIf(skip)("locks an unknown email exactly like a real one", async () => {
    const attempt = () => verifySignIn(db(), { email: "ghost@shop.example", password: "x", ip: "203.0.113.8", now: at(0) });
    for (let i = 0; i < 4; i++) expect(await attempt()).toEqual({ ok: false, refusal: { reason: "invalid" } });
    expect(await attempt()).toEqual({ ok: false, refusal: { reason: "throttled", scope: "account", minutes: 15 } });
  });

  it.skipIf(skip)("a success clears earlier failures of the account", async () => {
    const staff = await insertStaff(db());
    const attempt = (password: string) => verifySignIn(db(), { email: staff.email, password, ip: "203.0.113.9", now: at(0) });
    for (let i = 0; i < 4; i++) await attempt("wrong");
    expect((await attempt(staff.password)).ok).toBe(true);
    for (let i = 0; i < 4; i++) expect(await attempt("wrong")).toEqual({ ok: false, refusal: { reason: "invalid" } });
  });
});
