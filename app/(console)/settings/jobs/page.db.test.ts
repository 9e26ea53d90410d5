import { randomBytes, randomUUID } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "@/lib/auth/current-session";
import { paymentRequests } from "@/lib/db/schema";
import type { Db } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { startLoop } from "@/lib/jobs/loop";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";

/** Settings → Background work as it renders: what waits in each queue, and this instance's loops. */
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, session: null as StaffSession | null, locale: "en" as "en" | "th" }));
vi.mock("@/lib/auth/current-session", () => ({ requirePermission: async () => surroundings.session }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/i18n/server", () => ({ getLocale: async () => surroundings.locale }));

const JobsPage = (await import("./page")).default;
const render = async () => renderToStaticMarkup(await JobsPage());
const staff = (merchantIds: string[] | null): StaffSession => ({
  userId: "usr_x",
  email: "a@shop.example",
  name: "A",
  role: "admin",
  merchantIds,
  locale: null,
});
/** The text of a table row (`data-queue` or `data-loop`), cells separated by "|". */
const row = (html: string, attribute: string, name: string) =>
  (html.match(new RegExp(`<tr[^>]*${attribute}="${name}"[^>]*>(.*?)</tr>`))?.[1] ?? "")
    .replace(/<\/(td|th)>/g, "|")
    .replace(/<[^>]+>/g, "")
    .replace(/\|$/, "");

describe("the background work page", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
  });
  afterAll(async () => database?.dispose());

  it("counts each queue's waiting work from the database and this instance's loops, in both languages", async () => {
    surroundings.session = staff(null);
    const merchantId = (
      await createMerchant(database.db, createKeyVault([randomBytes(32)]), {
        displayName: "Shop",
        orgId: "org-j",
        merchantId: randomUUID(),
        submitKey: "submit-key-j-0000000000",
      })
    ).id;
    for (const dueMs of [-120_000, -1_000, 60_000])
      await database.db.insert(paymentRequests).values({
        id: `req_${randomBytes(10).toString("hex")}`,
        merchantId,
        kind: "payin",
        refId1: `J-${randomBytes(5).toString("hex")}`,
        requestedAmount: "100.00",
        status: "pending",
        input: {},
        idempotencyKey: randomUUID(),
        nextCheckAt: new Date(Date.now() + dueMs),
      });
    const loop = startLoop({ name: "bulk", pollMs: 60_000, firstPassAfterMs: 0, pass: async () => 4 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await loop.stop();

    let html = await render();
    expect(html).toContain("<h1");
    expect(row(html, "data-queue", "reconcile")).toBe("Provider checks of open requests|2|0|1|0|2 min");
    expect(row(html, "data-queue", "outbound")).toBe("Outbound webhook deliveries|0|0|0|0|—");
    expect(row(html, "data-loop", "bulk")).toMatch(/^Bulk Pay-Out lines\|\d+\|0\|\d+\|\d+ s ago$/);
    surroundings.locale = "th";
    try {
      html = await render();
      expect(html).toContain("งานเบื้องหลัง");
      expect(row(html, "data-queue", "reconcile")).toBe("การตรวจสอบคำขอที่ยังไม่จบกับผู้ให้บริการ|2|0|1|0|2 นาที");
      expect(row(html, "data-loop", "bulk")).toMatch(/^รายการจ่ายเงินแบบกลุ่ม\|\d+\|0\|\d+\|\d+ วินาที ที่แล้ว$/);
    } finally {
      surroundings.locale = "en";
    }
  });

  it("shows the queues, which hold every merchant's work, only to someone who sees every merchant", async () => {
    surroundings.session = staff(["mer_x"]);
    const html = await render();
    expect(html).not.toContain('data-testid="job-queues"');
    expect(html).toContain("only a person who sees every merchant can read them");
  });
});
