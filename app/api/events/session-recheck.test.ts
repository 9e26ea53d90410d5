import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { revokeSession } from "@/lib/auth/session";
import { sealedSessionCookie } from "@/lib/auth/testing/session-cookie";
import { insertStaff } from "@/lib/auth/testing/staff";
import { staffUsers } from "@/lib/db/schema";
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
});
