import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as ready } from "@/app/api/health/ready/route";
import { GET as live } from "@/app/api/health/live/route";
import { createTestDatabase, type TestDatabase } from "./db/testing/databases";
import { eventStream } from "./live/sse";
import { beginShutdown, isShuttingDown } from "./shutdown";

const surroundings = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("./db/index", () => ({ getDb: async () => surroundings.db }));

const holder = globalThis as typeof globalThis & { __paydeskDraining?: boolean; __paydeskStreamsRefused?: boolean };

describe("stopping a PayDesk server", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db;
  });
  afterAll(async () => database?.dispose());
  afterEach(() => {
    holder.__paydeskDraining = false;
    holder.__paydeskStreamsRefused = false;
  });

  it("is not ready while the database does not answer, nor when the check itself fails (503 database), and ready again after", async () => {
    const failing = (error: Error) => ({ execute: async () => Promise.reject(error) });
    const answerWith = async (db: unknown) => {
      surroundings.db = db;
      const answer = await ready(new Request("http://paydesk.test/api/health/ready"));
      return { status: answer.status, body: await answer.json() };
    };
    try {
      expect(await answerWith(failing(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })))).toEqual({
        status: 503,
        body: { ready: false, reason: "database" },
      });
      expect(await answerWith(failing(new Error("something else")))).toEqual({ status: 503, body: { ready: false, reason: "database" } });
      // Liveness never asks the database.
      expect((await live(new Request("http://paydesk.test/api/health/live"))).status).toBe(200);
    } finally {
      surroundings.db = database.db;
    }
    expect(await answerWith(database.db)).toEqual({ status: 200, body: { ready: true } });
  });

  it("ends every open event stream, stops the background loops and turns readiness to 503, once", async () => {
    const answer = await ready(new Request("http://paydesk.test/api/health/ready"));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ready: true });

    const released: string[] = [];
    const browser = new AbortController();
    const streams = ["checkout", "console"].map((name) =>
      eventStream(browser.signal, async (send) => {
        send("status", { name });
        return () => released.push(name);
      }),
    );
    const readers = streams.map((s) => s.body!.getReader());
    for (const reader of readers) await reader.read(); // "retry", the first write: both are open

    const stopped: string[] = [];
    const logged: string[] = [];
    const loops = [
      async () => {
        await new Promise((r) => setTimeout(r, 20));
        stopped.push("reconcile");
      },
      () => {
        stopped.push("outbound");
      },
      () => {
        throw new Error("lease table gone");
      },
    ];
    await beginShutdown("SIGTERM", loops, (m) => logged.push(m));
    expect(isShuttingDown()).toBe(true);
    expect(stopped.sort()).toEqual(["outbound", "reconcile"]);
    expect(released.sort()).toEqual(["checkout", "console"]);
    for (const reader of readers) {
      let done = false;
      while (!done) done = (await reader.read()).done;
      expect(done).toBe(true);
    }
    expect(logged[0]).toBe("SIGTERM: stopping; ended 2 event stream(s); background work stops; requests in progress finish");
    expect(logged[1]).toBe("a background loop did not stop cleanly: lease table gone");

    // A browser reconnecting to this instance over a kept-alive connection is sent on at once, and
    // the connection closes after the answer: a stream opened now would hold the server open again.
    let opened = false;
    const late = eventStream(new AbortController().signal, async () => {
      opened = true;
      return () => undefined;
    });
    expect(late.headers.get("connection")).toBe("close");
    expect(await late.text()).toBe("retry: 2000\n\n");
    expect(opened).toBe(false);

    const stopping = await ready(new Request("http://paydesk.test/api/health/ready"));
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ ready: false, reason: "stopping" });
    // Still alive: an orchestrator must not kill it while it finishes what it holds.
    expect((await live(new Request("http://paydesk.test/api/health/live"))).status).toBe(200);

    // A second signal (Ctrl-C twice, or SIGTERM then SIGINT) does it all once.
    await beginShutdown("SIGINT", loops, (m) => logged.push(m));
    expect(logged).toHaveLength(2);
    expect(stopped).toHaveLength(2);
  });
});
