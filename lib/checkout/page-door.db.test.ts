/**
 * The hosted checkout's page (pages/checkout/[token].tsx, the Pages Router page) reads its request
 * through the public page door (lib/http/door.ts definePublicPage), handed over at start-up: every
 * answer has a request id; a failure is logged under it and shows it, and nothing else, as the
 * reference; each answer is counted on /api/metrics as the route pattern.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/client";
import { createTestDatabase, type TestDatabase } from "../db/testing/databases";
import { doorOf } from "../http/door";
import { render } from "../ops/prometheus";
import { captureLog } from "../ops/testing/log-capture";
import { checkoutPageLoader } from "./page-bridge";
import { registerCheckoutPageLoader } from "./page-loader";

const surroundings = vi.hoisted(() => ({ db: undefined as unknown as Promise<Db> | Db }));
vi.mock("../db", () => ({ getDb: async () => surroundings.db }));

const answered = async (status: string) => {
  const line = (await render([]))
    .split("\n")
    .find((l) => l.startsWith(`paydesk_http_requests_total{door="public",route="/checkout/[token]",method="GET",status="${status}"} `));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
};

describe("the checkout page's door", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    registerCheckoutPageLoader();
  });
  afterAll(async () => database?.dispose());

  it("is the public door, and reads a link it does not know as such, with a request id, counted", async () => {
    expect(doorOf(checkoutPageLoader())).toBe("public");
    const before = await answered("2xx");
    const answer = await checkoutPageLoader()("not-a-real-token");
    expect(answer.ok).toBe(true);
    expect(answer.requestId).toMatch(/^rq_[0-9a-f]{16}$/);
    expect(await answered("2xx")).toBe(before + 1);
  });

  it("answers a failure with its request id alone, logged under that id, counted as a 5xx", async () => {
    const before = await answered("5xx");
    surroundings.db = Promise.reject(Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" }));
    (surroundings.db as Promise<Db>).catch(() => undefined);
    const log = captureLog();
    try {
      const answer = await checkoutPageLoader()("any-token");
      expect(answer).toEqual({ ok: false, requestId: expect.stringMatching(/^rq_[0-9a-f]{16}$/) });
      expect("data" in answer).toBe(false);
      const line = log
        .text()
        .split("\n")
        .find((l) => l.includes(answer.requestId));
      expect(line).toContain("/checkout/[token]");
      expect(line).toContain("ECONNREFUSED");
    } finally {
      log.restore();
      surroundings.db = database.db as Db;
    }
    expect(await answered("5xx")).toBe(before + 1);
  });
});
