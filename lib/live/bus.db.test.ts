/**
 * The live bus after its database connection breaks: a real PostgreSQL server of this file's own
 * (restarting the suite's shared one would break the files running beside this one), and the two
 * event streams' route handlers driven as a browser holds them open.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sealedSessionCookie } from "../auth/testing/session-cookie";
import { insertStaff } from "../auth/testing/staff";
import { openDatabase, type Database } from "../db/client";
import { merchants, paymentRequests } from "../db/schema";
import { sql } from "drizzle-orm";
import { findPostgresBin, startPostgres, type PostgresServer } from "../db/testing/postgres-server";
import { postgresSkipReason } from "../db/testing/databases";
import { checkoutTokenFor } from "../checkout/token";
import { applyToRequest, REQUEST_CHANNEL } from "../requests/apply";
import { createKeyVault } from "../merchants/key-vault";
import { createEndpoint, sendTestEvent } from "../outbound-webhooks/endpoints";
import { catchUpFacts, catchUpMark, subscribeToRequest, subscribeToRequestChanges } from "./bus";
import { scaled } from "@/lib/testing/vitest-project";

const surroundings = vi.hoisted(() => ({ database: undefined as Database | undefined, cookie: "" }));
// The request's cookie (Next's headers()) and the process's database, outside a Next server.
vi.mock("next/headers", () => ({ headers: async () => new Headers(surroundings.cookie ? { cookie: surroundings.cookie } : {}) }));
vi.mock("@/lib/db", () => ({ database: async () => surroundings.database!, getDb: async () => surroundings.database!.db }));
const secret = randomBytes(32).toString("base64");
vi.stubEnv("AUTH_SECRET", secret);

const { GET: consoleEvents } = await import("@/app/api/events/route");
const { GET: checkoutEvents } = await import("@/app/checkout/[token]/events/route");

interface Heard {
  event: string;
  data: Record<string, unknown>;
}

/** Reads a server-sent event stream as a browser would, keeping every event it has heard. */
function hear(response: Response) {
  const heard: Heard[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) heard.push({ event, data: JSON.parse(data) as Record<string, unknown> });
      }
    }
  })();
  return {
    heard,
    /** Resolves with how long it took until an event matching `test` has been heard, failing after `withinMs`. */
    async until(test: (e: Heard) => boolean, withinMs: number): Promise<number> {
      const started = Date.now();
      while (!heard.some(test)) {
        if (Date.now() - started > withinMs) throw new Error(`not heard within ${withinMs} ms; heard ${JSON.stringify(heard)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return Date.now() - started;
    },
  };
}

const skip = postgresSkipReason() ?? (findPostgresBin() ? null : "Debian's postgresql is not installed");

describe.skipIf(skip)("live updates after the database connection breaks", () => {
  let server: PostgresServer;
  let database: Database;
  const streams = new AbortController();

  beforeAll(async () => {
    server = await startPostgres(findPostgresBin()!);
    database = await openDatabase({ url: server.url("postgres"), poolSize: 4 });
    surroundings.database = database;
    await database.db.insert(merchants).values({
      id: "mer_live",
      displayName: "Shop",
      orgId: "org",
      merchantId: randomUUID(),
      submitKeyEncrypted: "x",
      submitKeyLast4: "xxxx",
    });
    const staff = await insertStaff(database.db, { role: "viewer" });
    surroundings.cookie = await sealedSessionCookie(staff.id, { secret });
  });
  afterAll(async () => {
    streams.abort();
    await database?.close();
    server?.stop();
  });

  async function payIn() {
    const id = `req_${randomUUID()}`;
    const [row] = await database.db
      .insert(paymentRequests)
      .values({
        id,
        merchantId: "mer_live",
        kind: "payin",
        refId1: `R-${id}`,
        requestedAmount: "100.00",
        status: "pending",
        idempotencyKey: id,
        input: {},
        providerId: randomUUID(),
      })
      .returning();
    return row!;
  }
  const pay = (id: string) =>
    applyToRequest(database.db, id, { type: "provider_status", status: "Paid", statusCode: "OK", reason: null }, { actor: "test" });

  /** A console page's stream and a customer's checkout stream for `request`, both heard from. */
  async function openStreams(request: Awaited<ReturnType<typeof payIn>>) {
    const consoleStream = hear(
      await consoleEvents(
        new NextRequest("http://paydesk.test/api/events", { headers: { cookie: surroundings.cookie }, signal: streams.signal }),
      ),
    );
    const token = checkoutTokenFor(request, { secret });
    const response = await checkoutEvents(new Request(`http://paydesk.test/checkout/${token}/events`, { signal: streams.signal }), {
      params: Promise.resolve({ token }),
    });
    expect(response.status).toBe(200);
    const checkoutStream = hear(response);
    await consoleStream.until((e) => e.event === "ready", scaled(2_000));
    await checkoutStream.until((e) => e.event === "status", scaled(2_000));
    return { consoleStream, checkoutStream };
  }

  /** The next change reaches both open streams within 2 s: as itself, or as a `ready` that makes the page catch up. */
  async function expectDelivered(streamsOf: Awaited<ReturnType<typeof openStreams>>, requestId: string, readyBefore: number) {
    await pay(requestId);
    const { consoleStream, checkoutStream } = streamsOf;
    await consoleStream.until(
      (e) =>
        (e.event === "request" && e.data.requestId === requestId) ||
        consoleStream.heard.filter((h) => h.event === "ready").length > readyBefore,
      2_000,
    );
    await checkoutStream.until((e) => e.event === "status" && (e.data.status as { state: string }).state === "paid", scaled(2_000));
  }

  it("after its backend is terminated (pg_terminate_backend), delivers the next change to an open console page and an open checkout within 2 s", async () => {
    const request = await payIn();
    const open = await openStreams(request);
    const admin = new pg.Client({ connectionString: server.url("postgres") });
    await admin.connect();
    const { rows } = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %' or application_name = 'paydesk live updates'",
    );
    await admin.end();
    expect(rows).toHaveLength(1);
    await expectDelivered(open, request.id, 1);
  });

  it("after a real restart of the server, delivers the next change within 2 s, and later changes as themselves", async () => {
    const request = await payIn();
    const later = await payIn();
    const open = await openStreams(request);
    await server.halt("fast");
    await server.start();
    await expectDelivered(open, request.id, 1);
    // Listening again, not only caught up: a later change is announced as itself.
    await pay(later.id);
    await open.consoleStream.until((e) => e.event === "request" && e.data.requestId === later.id, scaled(2_000));
  });

  it("keeps trying while the server is down, and catches the pages up when it is back", async () => {
    const request = await payIn();
    const open = await openStreams(request);
    // "fast": an immediate stop of this fsync-less server would also lose the request just written.
    await server.halt("fast");
    // Longer than the longest back-off: the bus must still be trying, not given up.
    await new Promise((r) => setTimeout(r, 3_000));
    await server.start();
    await expectDelivered(open, request.id, 1);
  });

  it("tells a stream opened after a change when that change was heard, so a page rendered before it catches up; for the person's merchants only", async () => {
    const request = await payIn();
    const first = await openStreams(request);
    const renderedAt = catchUpMark();
    await pay(request.id);
    await first.consoleStream.until((e) => e.event === "request" && e.data.requestId === request.id, scaled(2_000));
    expect(first.consoleStream.heard.find((e) => e.event === "request" && e.data.requestId === request.id)!.data.at).toBeGreaterThanOrEqual(
      renderedAt,
    );

    const second = hear(
      await consoleEvents(
        new NextRequest("http://paydesk.test/api/events", { headers: { cookie: surroundings.cookie }, signal: streams.signal }),
      ),
    );
    await second.until((e) => e.event === "ready", scaled(2_000));
    const ready = second.heard.find((e) => e.event === "ready")!.data as { heardAllSince: number; lastChangeAt: number };
    // Listening since before the page was rendered, and a change heard after it: the page missed it.
    expect(ready.heardAllSince).toBeLessThanOrEqual(renderedAt);
    expect(ready.lastChangeAt).toBeGreaterThanOrEqual(renderedAt);
    // Another merchant's staff are told of no change.
    expect(catchUpFacts(new Set(["mer_elsewhere"])).lastChangeAt).toBeNull();
    expect(catchUpFacts(new Set(["mer_live"])).lastChangeAt).toBe(ready.lastChangeAt);
  });

  it("hears the merchant in the announcement itself, and an older instance's bare request id by looking it up", async () => {
    const heard: { requestId: string; merchantId: string }[] = [];
    const stop = await subscribeToRequestChanges((change) => heard.push(change));
    try {
      // A request no row holds: only the announcement can say whose it is.
      await database.db.execute(sql`select pg_notify(${REQUEST_CHANNEL}, 'mer_told/req_nowhere')`);
      await expect.poll(() => heard).toContainEqual({ requestId: "req_nowhere", merchantId: "mer_told" });
      const request = await payIn();
      await database.db.execute(sql`select pg_notify(${REQUEST_CHANNEL}, ${request.id})`);
      await expect.poll(() => heard).toContainEqual({ requestId: request.id, merchantId: "mer_live" });
    } finally {
      stop();
    }
  });

  it("wakes a stream that follows one request for that request's changes only", async () => {
    const [followed, other] = [await payIn(), await payIn()];
    const woken: string[] = [];
    const stop = await subscribeToRequest(followed.id, ({ requestId }) => woken.push(requestId));
    const everything: string[] = [];
    const stopAll = await subscribeToRequestChanges(({ requestId }) => everything.push(requestId));
    try {
      await pay(other.id);
      await pay(followed.id);
      await expect.poll(() => everything).toEqual(expect.arrayContaining([other.id, followed.id]));
      await expect.poll(() => woken).toEqual([followed.id]);
    } finally {
      stop();
      stopAll();
    }
  });

  it("tells an open console stream when its merchants' outbound deliveries change, and what a page rendered before missed", async () => {
    const request = await payIn();
    const { consoleStream } = await openStreams(request);
    const vault = createKeyVault([randomBytes(32)]);
    const { endpoint } = await createEndpoint(database.db, vault, {
      merchantRowId: "mer_live",
      url: "https://shop.example/hooks",
      description: null,
      eventTypes: ["payin.paid"],
      createdBy: null,
    });
    const renderedAt = catchUpMark();
    expect(await sendTestEvent(database.db, { merchantRowId: "mer_live", endpointId: endpoint.id })).toBe("sent");
    await consoleStream.until((e) => e.event === "delivery", scaled(2_000));
    expect(catchUpFacts(new Set(["mer_live"])).lastDeliveryChangeAt).toBeGreaterThanOrEqual(renderedAt);
    expect(catchUpFacts(new Set(["mer_elsewhere"])).lastDeliveryChangeAt).toBeNull();
  });
});
