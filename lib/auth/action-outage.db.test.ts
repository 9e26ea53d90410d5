/**
 * The action door during a database outage, with a real PostgreSQL of this
 * file's own, halted and started again: the session cannot be read, and the door answers with its
 * worded failure and a reference in the person's language, writing one JSON line to the log — not
 * a 500 with Next's digest and a multi-line stack. Once the database is back the same action runs.
 * The staff route door likewise answers a JSON 500 with its request id as the reference.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { z } from "zod";
import { openDatabase, type Database } from "../db/client";
import { staffUsers } from "../db/schema";
import { postgresSkipReason } from "../db/testing/databases";
import { findPostgresBin, startPostgres, type PostgresServer } from "../db/testing/postgres-server";
import { actionMessages } from "../i18n/action-messages";
import { captureLog } from "../ops/testing/log-capture";
import { sealedSessionCookie } from "./testing/session-cookie";
import { insertStaff } from "./testing/staff";

const surroundings = vi.hoisted(() => ({ db: undefined as unknown, cookie: "", language: "en" }));
vi.mock("next/headers", () => ({
  headers: async () =>
    new Headers({ cookie: surroundings.cookie, "accept-language": surroundings.language, "x-paydesk-peer": "203.0.113.9" }),
}));
vi.mock("../db", () => ({ getDb: async () => surroundings.db }));
const secret = randomBytes(32).toString("base64");
vi.stubEnv("AUTH_SECRET", secret);
vi.stubEnv("LOG_FORMAT", "json");
const { defineAction } = await import("./action");
const { defineRoute } = await import("./route");

const skip = postgresSkipReason() ?? (findPostgresBin() ? null : "Debian's postgresql is not installed");

async function until(condition: () => Promise<boolean>, withinMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(skip)("the action door while PostgreSQL is down", () => {
  let server: PostgresServer;
  let database: Database;
  const ran = vi.fn(async () => "ran");
  const action = defineAction({ permission: "request.read", schema: z.object({}), audit: "request.recheck", run: ran });

  beforeAll(async () => {
    server = await startPostgres(findPostgresBin()!);
    database = await openDatabase({ url: server.url("postgres"), poolSize: 2 });
    surroundings.db = database.db;
    const person = await insertStaff(database.db, { role: "viewer" });
    surroundings.cookie = await sealedSessionCookie(person.id, { secret });
  });
  afterAll(async () => {
    await database?.close();
    server?.stop();
  });

  it("answers with its worded failure and a reference, logs one JSON line, and runs again once the database is back", async () => {
    expect(await action(null, {})).toEqual({ ok: true, data: "ran" });
    ran.mockClear();

    await server.halt("fast");
    const logged = captureLog();
    let answers: Awaited<ReturnType<typeof action>>[];
    try {
      surroundings.language = "en";
      const english = await action(null, {});
      surroundings.language = "th-TH,th;q=0.9";
      const thai = await action(null, {});
      answers = [english, thai];
    } finally {
      logged.restore();
      await server.start();
    }
    const references = answers.map((answer) => (answer.ok ? null : /E-[0-9A-F]{6}/.exec(answer.message)?.[0]));
    expect(answers).toEqual([
      { ok: false, message: actionMessages("en").unexpected(references[0]!), fieldErrors: {} },
      { ok: false, message: actionMessages("th").unexpected(references[1]!), fieldErrors: {} },
    ]);
    expect(ran).not.toHaveBeenCalled();
    // Every line is one JSON object (the pool's own notes of its closed connections may be among
    // them); the door's: one per failure, naming its reference, with the stack inside it.
    const lines = logged.text().trimEnd().split("\n");
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.area === "action");
    expect(entries).toEqual(
      references.map((reference) =>
        expect.objectContaining({ level: "error", area: "action", audit: "request.recheck", reference, error: expect.any(Object) }),
      ),
    );

    surroundings.language = "en";
    await until(
      async () => {
        try {
          await database.db.select().from(staffUsers).limit(1);
          return true;
        } catch {
          return false;
        }
      },
      15_000,
      "the database back",
    );
    expect(await action(null, {})).toEqual({ ok: true, data: "ran" });
  });

  it("the staff route door answers a JSON 500 with its request id as the reference, in one JSON log line", async () => {
    const route = defineRoute({ permission: "request.read", run: async () => Response.json({ ran: true }) });
    const get = () => route(new NextRequest("http://paydesk.test/api/test", { headers: { cookie: surroundings.cookie } }));
    expect(await (await get()).json()).toEqual({ ran: true });

    await server.halt("fast");
    const logged = captureLog();
    let refused: Response;
    try {
      refused = await get();
    } finally {
      logged.restore();
      await server.start();
    }
    const requestId = refused.headers.get("x-request-id");
    expect(refused.status).toBe(500);
    expect(await refused.json()).toEqual({ error: actionMessages("en").unexpected(requestId!) });
    const entries = logged
      .text()
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.area === "route");
    expect(entries).toEqual([expect.objectContaining({ level: "error", requestId, error: expect.any(Object) })]);
  });
});
