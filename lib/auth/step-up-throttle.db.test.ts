import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "../db/testing/databases";
import { checkStepUpThrottle, limitedStepUpCheck, recordStepUpFailure, STEP_UP_THROTTLE } from "./step-up-throttle";
import { checkSignInThrottle } from "./throttle";
import { setUpTestDatabase } from "../testing/database-fixture";

const T0 = new Date("2026-11-27T03:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
let counter = 0;
/** A fresh person and session per test, so tests sharing one database do not see each other's counts. */
const fresh = () => {
  counter += 1;
  return { userId: `usr_stepup${counter}`, sessionId: `ses-${counter}` };
};

describe.each(DATABASE_KINDS)("step-up limits on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  beforeAll(async () => {
    if (!skip) setup.database = await createTestDatabase(kind);
  });
  const db = () => setup.db;

  it.skipIf(skip)("locks the session for 15 minutes at its 5th wrong answer, then counts afresh", async () => {
    const who = fresh();
    for (let i = 1; i < STEP_UP_THROTTLE.sessionMaxFailures; i++) {
      expect(await recordStepUpFailure(db(), { ...who, now: at(i) })).toBeNull();
    }
    expect(await recordStepUpFailure(db(), { ...who, now: at(5) })).toEqual({ scope: "session", until: at(20) });
    expect(await checkStepUpThrottle(db(), { ...who, now: at(19) })).toEqual({ scope: "session", until: at(20) });
    // Another session of the same person is not held by this session's lock.
    expect(await checkStepUpThrottle(db(), { userId: who.userId, sessionId: "ses-other", now: at(19) })).toBeNull();
    expect(await checkStepUpThrottle(db(), { ...who, now: at(20) })).toBeNull();
    expect(await recordStepUpFailure(db(), { ...who, now: at(21) })).toBeNull();
  });

  it.skipIf(skip)("locks every session of the person at the 10th wrong answer across them", async () => {
    const { userId } = fresh();
    for (let i = 1; i < STEP_UP_THROTTLE.personMaxFailures; i++) {
      expect(await recordStepUpFailure(db(), { userId, sessionId: `ses-p${counter}-${i}`, now: at(i) })).toBeNull();
    }
    expect(await recordStepUpFailure(db(), { userId, sessionId: `ses-p${counter}-10`, now: at(10) })).toEqual({
      scope: "person",
      until: at(25),
    });
    expect(await checkStepUpThrottle(db(), { userId, sessionId: "ses-brand-new", now: at(11) })).toEqual({
      scope: "person",
      until: at(25),
    });
    expect(await checkStepUpThrottle(db(), { userId, sessionId: null, now: at(11) })).toEqual({ scope: "person", until: at(25) });
  });

  it.skipIf(skip)("forgets wrong answers older than 15 minutes", async () => {
    const who = fresh();
    for (let i = 0; i < 4; i++) await recordStepUpFailure(db(), { ...who, now: at(i) });
    expect(await recordStepUpFailure(db(), { ...who, now: at(16) })).toBeNull();
  });

  it.skipIf(skip)("looks at the lock before the answer; a right answer clears the session's count, not the person's", async () => {
    const who = fresh();
    let asked = 0;
    const wrong = async () => {
      asked += 1;
      return null;
    };
    const right = async () => {
      asked += 1;
      return "yes";
    };
    for (let i = 0; i < 4; i++) await limitedStepUpCheck(db(), who, wrong);
    expect(await limitedStepUpCheck(db(), who, right)).toEqual({ ok: true, value: "yes" });
    // Cleared: four more wrong answers do not lock the session (8 for the person, under 10).
    for (let i = 0; i < 4; i++) expect(await limitedStepUpCheck(db(), who, wrong)).toEqual({ ok: false, lock: null });
    const locked = await limitedStepUpCheck(db(), who, wrong);
    expect(locked).toMatchObject({ ok: false, lock: { scope: "session" } });
    asked = 0;
    expect(await limitedStepUpCheck(db(), who, right)).toMatchObject({ ok: false, lock: { scope: "session" } });
    expect(asked).toBe(0);
    // Nothing of this touches signing in.
    expect(await checkSignInThrottle(db(), { email: `${who.userId}@shop.example`, ip: "198.51.100.9" })).toBeNull();
  });
});
