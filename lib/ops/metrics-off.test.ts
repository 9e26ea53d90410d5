import { describe, expect, it, vi } from "vitest";

vi.stubEnv("METRICS_TOKEN", "");
const { GET } = await import("@/app/api/metrics/route");

describe("the metrics route without METRICS_TOKEN", () => {
  it("is off, says how to turn it on, and reads nothing", async () => {
    const answer = await GET(
      new Request("http://paydesk.test/api/metrics", { headers: { authorization: "Bearer anything-at-all-0123456789" } }),
    );
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({
      error: "Metrics are off. Set METRICS_TOKEN on the server and scrape with Authorization: Bearer <that token>.",
    });
  });
});
