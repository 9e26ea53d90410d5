/**
 * OpenTelemetry traces (lib/ops/tracing.ts) sent by OTLP over HTTP to a real receiver: a span per
 * door request, provider call, background pass and database statement, on both databases, nested
 * as the work was, and with no secret or statement value in any of them. Off, nothing is sent.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DATABASE_KINDS } from "../db/testing/databases";
import { markDoor } from "../http/door";
import { startLoop } from "../jobs/loop";
import { exchange } from "../provider/transport";
import { inSpan, startTracing, tracesUrl, tracingOn, type Tracing } from "./tracing";
import { scaled } from "@/lib/testing/vitest-project";
import { setUpTestDatabase } from "../testing/database-fixture";

interface ReceivedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  status?: { code?: number };
  attributes: Record<string, unknown>;
}

type Segment = { params: Promise<{ id: string }> };

const SECRET = "submit-key-never-in-a-trace";
const VALUE = "value-never-in-a-trace";

/** An OTLP/HTTP traces receiver (JSON, as the exporter sends) that also answers the provider's path. */
async function receiver() {
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      if (request.url === "/v1/traces") bodies.push(body);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const spans = (): ReceivedSpan[] =>
    bodies.flatMap((body) =>
      (
        JSON.parse(body) as {
          resourceSpans: {
            scopeSpans: {
              spans: (Omit<ReceivedSpan, "attributes"> & { attributes?: { key: string; value: Record<string, unknown> }[] })[];
            }[];
          }[];
        }
      ).resourceSpans.flatMap((resource) =>
        resource.scopeSpans.flatMap((scope) =>
          scope.spans.map((span) => ({
            ...span,
            attributes: Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, Object.values(value)[0]])),
          })),
        ),
      ),
    );
  return { base, bodies, spans, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("tracing, off", () => {
  it("is off unless an endpoint is configured, and then a span is just a call", async () => {
    expect(tracesUrl({})).toBeNull();
    expect(startTracing({})).toBeNull();
    expect(tracingOn()).toBe(false);
    expect(await inSpan("x", {}, async (span) => span)).toBeNull();
    expect(tracesUrl({ endpoint: "http://collector:4318/" })).toBe("http://collector:4318/v1/traces");
    expect(tracesUrl({ endpoint: "http://c:4318", tracesEndpoint: "http://t:9/traces" })).toBe("http://t:9/traces");
  });
});

describe("tracing, on", () => {
  let otlp: Awaited<ReturnType<typeof receiver>>;
  let tracing: Tracing;
  beforeAll(async () => {
    otlp = await receiver();
    // A busy machine may take seconds to answer an export: none is given up here.
    tracing = startTracing({ endpoint: otlp.base, serviceName: "paydesk-test", scheduledDelayMs: 50, exportTimeoutMs: 120_000 })!;
  });
  afterAll(async () => {
    await tracing?.stop();
    await otlp?.close();
  });

  it("is on in every copy of the module, as Next bundles instrumentation.ts and each route apart", async () => {
    vi.resetModules();
    const another = await import("./tracing");
    expect(another.tracingOn()).toBe(true);
    expect(await another.inSpan("x", {}, async (span) => span !== null)).toBe(true);
  });

  describe.each(DATABASE_KINDS)("on %s", (kind) => {
    const setup = setUpTestDatabase(kind);
    const { skip } = setup;

    it.skipIf(skip)("a door request, its statements and its provider call are one trace; a background pass is its own", async () => {
      const handler = markDoor(async (request: Request, _segment?: Segment) => {
        await setup.db.execute(sql`select ${VALUE}::text as value, ${kind}::text as kind`);
        const outcome = await exchange({
          method: "GET",
          url: `${otlp.base}/api/provider/${kind}`,
          headers: { Authorization: SECRET },
          timeoutMs: 5_000,
        });
        expect(outcome).toMatchObject({ kind: "response", status: 200 });
        return new Response(request.method, { status: 201 });
      }, "public");
      const response = await handler(new Request(`http://paydesk.test/api/${kind}/traced/42`), { params: Promise.resolve({ id: "42" }) });
      expect(response.status).toBe(201);

      const failing = markDoor(async (_request: Request, _segment?: Segment) => {
        throw new Error("the handler failed");
      }, "public");
      await expect(
        failing(new Request(`http://paydesk.test/api/${kind}/failing/7`), { params: Promise.resolve({ id: "7" }) }),
      ).rejects.toThrow();

      let passes = 0;
      const loop = startLoop({
        name: `traced-${kind}`,
        pollMs: 60_000,
        firstPassAfterMs: 0,
        pass: async () => {
          passes += 1;
          await setup.db.execute(sql`select 1 as one`);
          return 3;
        },
        fullBatch: Infinity,
      });
      await expect.poll(() => passes).toBe(1);
      await loop.stop();
      // Every span of the work above, once exported (a busy machine may send them in several batches).
      const arrived = () => {
        const spans = otlp.spans();
        const door = spans.find((span) => span.name === `GET /api/${kind}/traced/[id]`);
        const job = spans.find((span) => span.name === `job traced-${kind}`);
        const under = (parent: ReceivedSpan | undefined, name: string) =>
          spans.some((span) => span.parentSpanId === parent?.spanId && span.name === name);
        return Boolean(door && job && under(door, "db select") && under(door, "provider GET") && under(job, "db select"));
      };
      try {
        await expect.poll(async () => (await tracing.flush(), arrived()), { timeout: scaled(30_000) }).toBe(true);
      } catch (error) {
        const seen = otlp.spans().map((span) => `${span.name} ${span.spanId} ← ${span.parentSpanId ?? "root"}`);
        throw new Error(`not every span arrived; received: ${seen.join("; ")}`, { cause: error });
      }

      const spans = otlp.spans();
      const door = spans.find((span) => span.name === `GET /api/${kind}/traced/[id]`);
      expect(door, spans.map((span) => span.name).join(", ")).toBeDefined();
      expect(door!.attributes).toMatchObject({
        "http.route": `/api/${kind}/traced/[id]`,
        "http.response.status_code": 201,
        "paydesk.door": "public",
      });
      const children = spans.filter((span) => span.parentSpanId === door!.spanId);
      const statement = children.find((span) => span.name === "db select");
      expect(statement?.attributes["db.query.text"]).toMatch(/select \$1::text as value, \$2::text as kind/);
      expect(statement?.attributes["db.system.name"]).toBe("postgresql");
      const call = children.find((span) => span.name === "provider GET");
      expect(call?.attributes).toMatchObject({ "url.path": `/api/provider/${kind}`, "paydesk.provider.outcome": "200" });

      const failed = spans.find((span) => span.name === `GET /api/${kind}/failing/[id]`);
      expect(failed?.status?.code).toBe(2);

      const job = spans.find((span) => span.name === `job traced-${kind}`);
      expect(job?.attributes["paydesk.job.items"]).toBe(3);
      expect(job?.parentSpanId ?? "").toBe("");
      expect(spans.some((span) => span.parentSpanId === job!.spanId && span.name === "db select")).toBe(true);

      for (const body of otlp.bodies) {
        expect(body).not.toContain(SECRET);
        expect(body).not.toContain(VALUE);
      }
      expect(otlp.bodies.join("")).toContain("paydesk-test");
    });
  });
});
