import { describe, expect, it, vi } from "vitest";
import { definePublicRoute } from "../http/public-route";
import { render } from "./prometheus";
import { captureLog } from "./testing/log-capture";
import { routePattern } from "./request-metrics";

/** The value of one line of the rendered registry, 0 when it has none. */
const sample = (text: string, name: string, labels: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{${labels}} `));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
};

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
    const labelsOf = (status: string) => `door="public",route="/probe/[token]",method="POST",status="${status}"`;
    const counted = async (status: string) => sample(await render([]), "paydesk_http_requests_total", labelsOf(status));
    const before = { ok: await counted("2xx"), failed: await counted("5xx"), refused: await counted("4xx") };

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

    expect({ ok: await counted("2xx"), failed: await counted("5xx"), refused: await counted("4xx") }).toEqual({
      ok: before.ok + 2,
      failed: before.failed + 1,
      refused: before.refused + 1,
    });
    const text = await render([]);
    const buckets = text
      .split("\n")
      .filter(
        (l) =>
          l.startsWith("paydesk_http_request_duration_seconds_bucket") &&
          l.includes('route="/probe/[token]"') &&
          l.includes('status="2xx"'),
      )
      .map((l) => Number(l.slice(l.lastIndexOf(" ") + 1)));
    expect(buckets.length).toBeGreaterThan(5);
    expect(buckets.every((value, i) => i === 0 || value >= buckets[i - 1]!)).toBe(true);
    expect(buckets.at(-1)).toBe(before.ok + 2);
    expect(sample(text, "paydesk_http_request_duration_seconds_count", labelsOf("2xx"))).toBe(before.ok + 2);
    expect(sample(text, "paydesk_http_request_duration_seconds_sum", labelsOf("2xx"))).toBeGreaterThan(0);
    expect(text).toContain("# TYPE paydesk_http_requests_total counter");
    expect(text).toContain("# TYPE paydesk_http_request_duration_seconds histogram");
    expect(
      text
        .split("\n")
        .some(
          (l) => l.startsWith("paydesk_http_request_duration_seconds_bucket{") && l.includes('le="+Inf"') && l.includes(labelsOf("2xx")),
        ),
    ).toBe(true);
    // No id from a path becomes a label.
    expect(text).not.toMatch(/t1|t2|t3|t4/);
  });
});
