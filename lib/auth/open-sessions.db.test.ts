import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../db/testing/databases";
import { deviceOf, endSession, endSessions, listOpenSessions, recordSignIn } from "./open-sessions";
import { loadStaffSession } from "./current-session";
import { recordStepUp } from "./step-up";
import { insertStaff } from "./testing/staff";
import { setUpTestDatabase } from "../testing/database-fixture";

describe("devices in words", () => {
  it("names the browser and the system people recognise", () => {
    expect(
      deviceOf("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"),
    ).toBe("Chrome on Android");
    expect(
      deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1"),
    ).toBe("Safari on iOS");
    expect(deviceOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox on Windows");
    expect(deviceOf(null)).toBe("Unknown device");
  });
});

describe.each(DATABASE_KINDS)("a person's sessions on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;

  const signIn = async (userId: string, userAgent: string) => {
    const id = await recordSignIn(setup.db, { userId, ip: `203.0.113.${randomBytes(1)[0]}`, userAgent });
    return { id, at: new Date() };
  };

  it.skipIf(skip)("are listed with device and IP, and one ended is over at its next request; 'all others' keeps this one", async () => {
    const person = await insertStaff(setup.db, { role: "finance" });
    const laptop = await signIn(person.id, "Mozilla/5.0 (Windows NT 10.0) Chrome/131.0");
    const phone = await signIn(person.id, "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile");
    const tablet = await signIn(person.id, "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) Safari/604.1");
    const listed = await listOpenSessions(setup.db, person.id, laptop.id);
    expect(listed.map((s) => s.device).sort()).toEqual(["Chrome on Android", "Chrome on Windows", "Safari on iOS"]);
    expect(listed.find((s) => s.isCurrent)?.id).toBe(laptop.id);
    expect(listed.every((s) => s.ip?.startsWith("203.0.113."))).toBe(true);

    expect(await endSession(setup.db, person.id, phone.id)).toBe(true);
    expect(await loadStaffSession(setup.db, person.id, phone)).toBeNull();
    expect(await loadStaffSession(setup.db, person.id, laptop)).not.toBeNull();
    // Another person's session id ends nothing.
    const other = await insertStaff(setup.db);
    expect(await endSession(setup.db, other.id, tablet.id)).toBe(false);

    expect(await endSessions(setup.db, person.id, laptop.id)).toBe(1);
    expect(await loadStaffSession(setup.db, person.id, tablet)).toBeNull();
    expect(await loadStaffSession(setup.db, person.id, laptop)).not.toBeNull();
    expect((await listOpenSessions(setup.db, person.id, laptop.id)).map((s) => s.id)).toEqual([laptop.id]);
    // An admin's "end all": this one too.
    await endSessions(setup.db, person.id, null);
    expect(await loadStaffSession(setup.db, person.id, laptop)).toBeNull();
  });

  it.skipIf(skip)("a step-up is kept on the session it was made in, and only there", async () => {
    const person = await insertStaff(setup.db, { role: "finance" });
    const one = await signIn(person.id, "Chrome");
    const two = await signIn(person.id, "Firefox");
    expect((await loadStaffSession(setup.db, person.id, one))?.steppedUpAt).toBeUndefined();
    const at = new Date(Date.now() - 1_000);
    expect(await recordStepUp(setup.db, one.id, at)).toBe(true);
    expect((await loadStaffSession(setup.db, person.id, one))?.steppedUpAt?.getTime()).toBe(at.getTime());
    expect((await loadStaffSession(setup.db, person.id, two))?.steppedUpAt).toBeUndefined();
    expect(await recordStepUp(setup.db, "no-such-session")).toBe(false);
  });
});
