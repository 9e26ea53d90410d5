import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "../keys/manage";
import type { Db } from "../../db/client";
import { createTestDatabase, type TestDatabase } from "../../db/testing/databases";
import { createKeyVault } from "../../merchants/key-vault";
import { createMerchant } from "../../merchants/manage";

// PayDesk with a real provider (not its sandbox), for this file only.
vi.stubEnv("PAYMENT_API_BASE_URL", "https://provider.example.com");
vi.stubEnv("AUTH_SECRET", randomBytes(32).toString("base64"));
vi.stubEnv("ENCRYPTION_KEY", randomBytes(32).toString("hex"));
const surroundings = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));

const list = await import("@/app/api/v1/payment-requests/route");

describe("test keys with a real provider", () => {
  let database: TestDatabase;
  const keys = {} as Record<"liveMerchantTest" | "liveMerchantLive" | "demoMerchantTest", string>;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    const vault = createKeyVault([randomBytes(32)]);
    const merchant = (n: number, isDemo: boolean) =>
      createMerchant(
        database.db,
        vault,
        {
          displayName: `M${n}`,
          orgId: "org-a",
          merchantId: `b0c8a7a4-0000-4000-8000-00000000002${n}`,
          submitKey: "submit-key-000000000000",
        },
        { isDemo },
      );
    const live = await merchant(1, false);
    const demo = await merchant(2, true);
    const make = async (merchantRowId: string, mode: "test" | "live") =>
      (await createApiKey(database.db, { merchantRowId, name: "k", mode, scopes: ["requests:read"], expiresAt: null, createdBy: null }))
        .key;
    keys.liveMerchantTest = await make(live.id, "test");
    keys.liveMerchantLive = await make(live.id, "live");
    keys.demoMerchantTest = await make(demo.id, "test");
  });
  afterAll(async () => database?.dispose());

  const get = async (key: string) => {
    const response = await (list.GET as (r: NextRequest, s: { params: Promise<object> }) => Promise<Response>)(
      new NextRequest("http://paydesk.test/api/v1/payment-requests", { headers: { authorization: `Bearer ${key}` } }),
      { params: Promise.resolve({}) },
    );
    return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
  };

  it("refuses a test key for a merchant whose requests go to the live provider, never moving real money", async () => {
    expect(await get(keys.liveMerchantTest)).toMatchObject({ status: 403, body: { error: { code: "test_key_on_live" } } });
    expect((await get(keys.liveMerchantLive)).status).toBe(200);
    expect((await get(keys.demoMerchantTest)).status).toBe(200);
  });
});
