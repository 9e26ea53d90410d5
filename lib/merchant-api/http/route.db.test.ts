import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "../keys/manage";
import type { Db } from "../../db/client";
import { createTestDatabase, type TestDatabase } from "../../db/testing/databases";
import { createKeyVault } from "../../merchants/key-vault";
import { createMerchant } from "../../merchants/manage";
import { expectDocumented } from "../testing/openapi-check";

// Three calls per minute per key, for this file only (the door reads it once per process).
vi.stubEnv("API_RATE_LIMIT", "3/60s");
const surroundings = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("../../db", () => ({ getDb: async () => surroundings.db }));

const list = await import("@/app/api/v1/payment-requests/route");

describe("the merchant API door's rate limit per key", () => {
  let database: TestDatabase;
  let keys: string[];
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    const merchant = await createMerchant(database.db, createKeyVault([randomBytes(32)]), {
      displayName: "Coffee",
      orgId: "org-a",
      merchantId: "b0c8a7a4-0000-4000-8000-000000000003",
      submitKey: "submit-key-000000000000",
    });
    keys = [];
    for (let i = 0; i < 2; i++) {
      keys.push(
        (
          await createApiKey(database.db, {
            merchantRowId: merchant.id,
            name: `k${i}`,
            mode: "test",
            scopes: ["requests:read"],
            expiresAt: null,
            createdBy: null,
          })
        ).key,
      );
    }
  });
  afterAll(async () => database?.dispose());

  const get = (key: string) =>
    (list.GET as (r: NextRequest, s: { params: Promise<object> }) => Promise<Response>)(
      new NextRequest("http://paydesk.test/api/v1/payment-requests", { headers: { authorization: `Bearer ${key}` } }),
      { params: Promise.resolve({}) },
    );

  it("answers 429 with Retry-After past the limit, for that key only", async () => {
    for (let i = 0; i < 3; i++) expect((await get(keys[0]!)).status).toBe(200);
    const refused = await get(keys[0]!);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    const body = await refused.json();
    expect(body).toMatchObject({ error: { type: "rate_limit_error", code: "rate_limited", request_id: expect.any(String) } });
    expectDocumented("GET", "/payment-requests", 429, body);
    expect((await get(keys[1]!)).status).toBe(200);
  });

  it("fails closed when its database cannot answer: 500 with only the request id, nothing else said", async () => {
    const broken = await createTestDatabase("pglite");
    const saved = surroundings.db;
    await broken.dispose();
    surroundings.db = broken.db as Db;
    try {
      const response = await get(keys[1]!);
      expect(response.status).toBe(500);
      const body = await response.json();
      expect(body).toEqual({
        error: {
          type: "api_error",
          code: "internal_error",
          message: expect.stringContaining(body.error.request_id),
          request_id: expect.any(String),
        },
      });
      expect(response.headers.get("x-request-id")).toBe(body.error.request_id);
    } finally {
      surroundings.db = saved;
    }
  });
});
