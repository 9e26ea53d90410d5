import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { createPaymentApi } from "./client";
import { createMemoryLimiter, type RateLimiter } from "./limiter";
import { cachedProbe, probeProvider, PROVIDER_STATUS_TTL_MS } from "./status";

describe("the provider's status on the staff home page", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox("spec");
  });
  afterAll(async () => {
    await sandbox?.dispose();
  });

  /** The provider client over real HTTP, recording which provider paths were asked. */
  const client = (limiter: RateLimiter | null, baseUrl = sandbox.url) => {
    const asked: string[] = [];
    const api = createPaymentApi({
      baseUrl,
      timeoutMs: 2_000,
      limiter,
      fetch: (input, init) => {
        asked.push(new URL(String(input)).pathname);
        return fetch(input, init);
      },
    });
    return { api, asked };
  };

  it("asks the provider at most once per 30 s, however many pages are opened at once", async () => {
    const { api, asked } = client(null);
    let now = 1_000_000;
    const status = cachedProbe(
      () => probeProvider({ api, baseUrl: sandbox.url, isSandbox: false }),
      PROVIDER_STATUS_TTL_MS,
      () => now,
    );
    const answers = await Promise.all(Array.from({ length: 20 }, () => status()));
    expect(answers.map((a) => a.state)).toEqual(Array(20).fill("up"));
    now += PROVIDER_STATUS_TTL_MS - 1;
    await status();
    expect(asked).toEqual(["/health"]);
    now += 1;
    await status();
    expect(asked).toEqual(["/health", "/health"]);
  });

  it("spends a slot of the shared rate limit, and takes none that is not free at once", async () => {
    const limiter = createMemoryLimiter({ count: 2, windowMs: 10_000, maxWaitMs: 30_000 });
    const { api, asked } = client(limiter);
    expect((await probeProvider({ api, baseUrl: sandbox.url, isSandbox: false })).state).toBe("up");
    // Staff work takes the last slot: the next look waits for nobody and asks nothing.
    expect((await limiter.acquire({ maxWaitMs: 0 })).ok).toBe(true);
    const started = Date.now();
    expect((await probeProvider({ api, baseUrl: sandbox.url, isSandbox: false })).state).toBe("busy");
    expect(Date.now() - started).toBeLessThan(500);
    expect(asked).toEqual(["/health"]);
  });

  it("says the provider is down when it does not answer, without throwing", async () => {
    const { api } = client(null, "http://127.0.0.1:1");
    expect(await probeProvider({ api, baseUrl: "http://127.0.0.1:1", isSandbox: true })).toMatchObject({
      state: "down",
      sandboxProfile: null,
    });
  });

  it("names the sandbox's profile from its own control API, outside the provider's budget", async () => {
    const limiter = createMemoryLimiter({ count: 1, windowMs: 10_000, maxWaitMs: 30_000 });
    const { api } = client(limiter);
    expect(await probeProvider({ api, baseUrl: sandbox.url, isSandbox: true })).toMatchObject({
      state: "up",
      sandboxProfile: "spec",
      baseUrl: sandbox.url,
    });
  });
});
