import { describe, expect, it, vi } from "vitest";
import { definePublicRoute } from "../http/public-route";
import { exposition } from "./metrics";
import { captureLog } from "./testing/log-capture";
import { requestMetrics, routePattern } from "./request-metrics";

vi.stubEnv("TRUSTED_PROXIES", "");

describe("answers counted and timed per route", () => {
  it("name a route by its pattern, never by the ids in its path", () => {
    expect(routePattern("/checkout/abc.def/events", { token: "abc.def" })).toBe("/checkout/[token]/events");
    expect(routePattern("/api/v1/payment-requests/req_1/cancel", { id: "req_1" })).toBe("/api/v1/payment-requests/[id]/cancel");
    // Next hands the segment decoded; the path has it encoded.
    expect(routePattern("/s/%E0%B8%81%20x", { token: "ก x" })).toBe("/s/[token]");
    expect(routePattern("/docs/a/b/c", { slug: ["a", "b", "c"] })).toBe("/docs/[...slug]");
    expect(routePattern("/api/health/live", undefined)).toBe("/api/health/live");
  });

  it("count every answer a door gives, by status class — a throw as a 500 — with a latency histogram whose buckets add up", async () => {
    const labelsOf = (status: string) => ({ door: "public", route: "/probe/[token]", method: "POST", status });
    const counted = (status: string) =>
      requestMetrics()
        .find((m) => m.name === "paydesk_http_requests_total")!
        .samples.find((s) => JSON.stringify(s.labels) === JSON.stringify(labelsOf(status)))?.value ?? 0;
    const before = { ok: counted("2xx"), failed: counted("5xx"), refused: counted("4xx") };

    let answer = 201;
    const handler = definePublicRoute<{ token: string }>({
      run: async () => {
        if (answer === 0) throw new Error("boom");
        return new Response(null, { status: answer });
      },
    });
    const call = (token: string) =>
      handler(new Request(`http://paydesk.test/probe/${token}`, { method: "POST" }), { params: Promise.resolve({ token }) });
    await call("t1");
    await call("t2");
    answer = 404;
    await call("t3");
    answer = 0;
    const logged = captureLog();
    expect((await call("t4")).status).toBe(500);
    logged.restore();
    await new Promise((r) => setTimeout(r, 0));

    expect({ ok: counted("2xx"), failed: counted("5xx"), refused: counted("4xx") }).toEqual({
      ok: before.ok + 2,
      failed: before.failed + 1,
      refused: before.refused + 1,
    });
    const histogram = requestMetrics().find((m) => m.name === "paydesk_http_request_duration_seconds")!;
    const ours = histogram.samples.filter((s) => s.labels?.route === "/probe/[token]" && s.labels.status === "2xx");
    const buckets = ours.filter((s) => s.suffix === "_bucket").map((s) => s.value);
    expect(buckets.every((value, i) => i === 0 || value >= buckets[i - 1]!)).toBe(true);
    expect(buckets.at(-1)).toBe(before.ok + 2);
    expect(ours.find((s) => s.suffix === "_count")!.value).toBe(before.ok + 2);
    expect(ours.find((s) => s.suffix === "_sum")!.value).toBeGreaterThan(0);

    const text = exposition(requestMetrics());
    expect(text).toContain("# TYPE paydesk_http_requests_total counter");
    expect(text).toContain("# TYPE paydesk_http_request_duration_seconds histogram");
    expect(text).toMatch(
      /^paydesk_http_request_duration_seconds_bucket\{door="public",route="\/probe\/\[token\]",method="POST",status="2xx",le="\+Inf"\} \d+$/m,
    );
    // No id from a path becomes a label.
    expect(text).not.toMatch(/t1|t2|t3|t4/);
  });
});
