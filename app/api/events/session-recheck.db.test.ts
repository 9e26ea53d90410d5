import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { revokeSession } from "@/lib/auth/current-session";
import { sealedSessionCookie } from "@/lib/auth/testing/session-cookie";
import { insertStaff } from "@/lib/auth/testing/staff";
import { endSession, endSessions } from "@/lib/auth/open-sessions";
import { staffSessions, staffUsers } from "@/lib/db/schema";
import { changeStaffAccess, resetStaffPassword, setStaffDisabled } from "@/lib/staff/manage";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";

// The request (Next's headers()) and the database, outside a Next request. The session, the
// person's row and the live bus are the real ones.
const surroundings = vi.hoisted(() => ({ database: undefined as unknown as { db: unknown }, cookie: "" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ cookie: surroundings.cookie }),
  cookies: async () => ({ get: () => undefined }),
}));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.database.db, database: async () => surroundings.database }));
const secret = randomBytes(32).toString("base64");
vi.stubEnv("AUTH_SECRET", secret);

const { GET } = await import("./route");

/** Reads the stream until `until` matches what arrived, or it ends; `waitMs` of real time at most. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until: RegExp | "end",
  waitMs = 5_000,
): Promise<"matched" | "ended" | "still open"> {
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), deadline - Date.now())),
    ]);
    if (next === "timeout") break;
    if (next.done) return "ended";
    text += decoder.decode(next.value);
    if (until !== "end" && until.test(text)) return "matched";
  }
  return "still open";
}

describe("GET /api/events re-checks the session while the stream is open", () => {
  let database: TestDatabase;
  let person: { id: string };
  let sessionId: string;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  const abort = new AbortController();

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.database = database;
  });
  afterAll(async () => database?.dispose());

  beforeEach(async () => {
    // Only the intervals are fake: the re-check's period is moved on without waiting for it.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    person = await insertStaff(database.db, { role: "viewer" });
    sessionId = `sid-${randomBytes(4).toString("hex")}`;
    surroundings.cookie = await sealedSessionCookie(person.id, { secret, sessionId });
    const response = await GET(
      new NextRequest("http://paydesk.test/api/events", { headers: { cookie: surroundings.cookie }, signal: abort.signal }),
    );
    expect(response.status).toBe(200);
    reader = response.body!.getReader();
    expect(await readUntil(reader, /event: ready/)).toBe("matched");
  });
  afterEach(async () => {
    await reader.cancel().catch(() => undefined);
    vi.useRealTimers();
  });

  it("stays open while nothing changed", async () => {
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await readUntil(reader, "end", 300)).toBe("still open");
  });

  it.each([
    ["the account is disabled", () => database.db.update(staffUsers).set({ isDisabled: true }).where(eq(staffUsers.id, person.id))],
    ["the session is signed out", () => revokeSession(database.db, sessionId)],
    [
      "an admin reset the password (a one-time password again)",
      () => database.db.update(staffUsers).set({ mustChangePassword: true }).where(eq(staffUsers.id, person.id)),
    ],
    [
      "the role lost the permission",
      () =>
        database.db
          .update(staffUsers)
          .set({ role: "guest" as never })
          .where(eq(staffUsers.id, person.id)),
    ],
  ])("closes within one period after %s", async (_what, change) => {
    await change();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await readUntil(reader, "end")).toBe("ended");
  });
  // Announced on the live bus, the change ends the stream at once, not up to 20 s later
  // (the periodic re-check never runs here: its interval is faked and not moved on).
  const admin = { userId: "usr_acting_admin", merchantIds: null };
  it.each([
    ["an admin disables the account", () => setStaffDisabled(database.db, admin, person.id, true)],
    ["an admin resets the password", () => resetStaffPassword(database.db, admin, person.id)],
    [
      "an admin ends all the person's sessions",
      async () => {
        await database.db.insert(staffSessions).values({ id: sessionId, userId: person.id });
        expect(await endSessions(database.db, person.id, null)).toBe(1);
      },
    ],
    [
      "the person ends this session from another device",
      async () => {
        await database.db.insert(staffSessions).values({ id: sessionId, userId: person.id });
        expect(await endSession(database.db, person.id, sessionId)).toBe(true);
      },
    ],
    [
      "an admin takes away the role's permission",
      () =>
        changeStaffAccess(database.db, admin, {
          userId: person.id,
          name: "Viewer no more",
          role: "guest" as never,
          allMerchants: true,
          merchantIds: [],
        }),
    ],
  ])("closes at once when %s", async (_what, change) => {
    await change();
    expect(await readUntil(reader, "end", 5_000)).toBe("ended");
  });

  it("stays open when a change to someone else is announced", async () => {
    const other = await insertStaff(database.db, { role: "viewer" });
    await setStaffDisabled(database.db, admin, other.id, true);
    expect(await readUntil(reader, "end", 500)).toBe("still open");
  });
});
