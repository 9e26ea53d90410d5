import { describe, expect, it, vi } from "vitest";
import { doorOf, REQUEST_ID_HEADER } from "./door";
import { definePublicRoute, defineWebhookRoute } from "./public-route";
import { captureLog } from "../ops/testing/log-capture";

vi.stubEnv("TRUSTED_PROXIES", "");
// Read once per process (lib/env.ts): an https address, so the webhook door's answers carry HSTS.
vi.stubEnv("PUBLIC_BASE_URL", "https://pay.example.co.th");
const request = (headers: Record<string, string> = {}) => new Request("http://paydesk.test/checkout/tok/status", { headers });
const segment = <P>(params: P) => ({ params: Promise.resolve(params) });

describe("definePublicRoute", () => {
  it("hands run the path's segments and stamps the answer with a request id, even a redirect's", async () => {
    const handler = definePublicRoute<{ token: string }>({
      run: async ({ params }) => Response.redirect(`http://paydesk.test/checkout/${(await params).token}`, 303),
    });
    const response = await handler(request(), segment({ token: "tok_1" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://paydesk.test/checkout/tok_1");
    expect(response.headers.get(REQUEST_ID_HEADER)).toMatch(/^rq_[0-9a-f]{16}$/);
    expect(doorOf(handler)).toBe("public");
  });

  it("answers 500 with the request id as the reference and none of the failure's text", async () => {
    const logged = captureLog();
    const handler = definePublicRoute({
      run: async () => {
        throw new Error("password authentication failed for user paydesk");
      },
    });
    const response = await handler(request(), segment({}));
    expect(response.status).toBe(500);
    const body = JSON.stringify(await response.json());
    expect(body).toContain(response.headers.get(REQUEST_ID_HEADER)!);
    expect(body).not.toContain("password");
    expect(logged.text()).toContain(response.headers.get(REQUEST_ID_HEADER)!);
    logged.restore();
  });
});

describe("defineWebhookRoute", () => {
  const route = (run = vi.fn(async ({ holder }: { holder: string }) => Response.json({ holder }))) => ({
    run,
    handler: defineWebhookRoute({
      secretHeader: () => "X-Secret",
      authenticate: async (secret) =>
        secret === "s3cret"
          ? { ok: true, holder: "mer_a" }
          : { ok: false, response: Response.json({ refused: secret === null ? "missing" : "unknown" }, { status: 401 }) },
      run,
    }),
  });

  it("answers the refusal of a missing or wrong secret without running the route", async () => {
    const { run, handler } = route();
    expect(await (await handler(request(), segment({}))).json()).toEqual({ refused: "missing" });
    const wrong = await handler(request({ "x-secret": "guess" }), segment({}));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ refused: "unknown" });
    expect(wrong.headers.get(REQUEST_ID_HEADER)).toMatch(/^rq_/);
    expect(run).not.toHaveBeenCalled();
    expect(doorOf(handler)).toBe("webhook");
  });

  it("gives every answer (taken, refused, failed) no-store and no-transform, and the headers the proxy would have set", async () => {
    const { handler } = route();
    const failing = defineWebhookRoute({
      secretHeader: () => "X-Secret",
      authenticate: async () => ({ ok: true, holder: "mer_a" }),
      run: async () => {
        throw new Error("boom");
      },
    });
    const logged = captureLog();
    const answers = [
      await handler(request({ "x-secret": "s3cret" }), segment({})),
      await handler(request({ "x-secret": "guess" }), segment({})),
      await failing(request({ "x-secret": "s3cret" }), segment({})),
    ];
    logged.restore();
    expect(answers.map((a) => a.status)).toEqual([200, 401, 500]);
    for (const answer of answers) {
      // `next start` compresses no answer whose Cache-Control says no-transform (the compression middleware's rule).
      expect(answer.headers.get("cache-control")).toBe("no-store, no-transform");
      expect(answer.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
      expect(answer.headers.get("permissions-policy")).toContain("camera=()");
      expect(answer.headers.get(REQUEST_ID_HEADER)).toMatch(/^rq_/);
    }
  });

  it("runs the route with what the secret opened", async () => {
    const { handler } = route();
    expect(await (await handler(request({ "x-secret": "s3cret" }), segment({}))).json()).toEqual({ holder: "mer_a" });
  });
});
