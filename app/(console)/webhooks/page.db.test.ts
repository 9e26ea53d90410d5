import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "@/lib/auth/current-session";
import type { Db } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { recordRefusal } from "@/lib/provider-webhooks/refusals";

/** The webhooks page's refusal panel as it renders, for people who see every merchant and for those who do not. */
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, session: null as StaffSession | null, locale: "en" as "en" | "th" }));
vi.mock("@/lib/auth/current-session", () => ({ requirePermission: async () => surroundings.session }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/i18n/server", () => ({ getLocale: async () => surroundings.locale }));
// Live updates need a browser; what is under test is the server's HTML.
vi.mock("@/components/live/live-updates", () => ({ LiveUpdates: () => null }));

const WebhooksPage = (await import("./page")).default;
const render = async () => renderToStaticMarkup(await WebhooksPage({ searchParams: Promise.resolve({}) }));
const staff = (merchantIds: string[] | null): StaffSession => ({
  userId: "usr_x",
  email: "a@shop.example",
  name: "A",
  role: "admin",
  merchantIds,
  locale: null,
});

describe("the webhooks page's refusals", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
  });
  afterAll(async () => database?.dispose());

  it("says when none were refused, then counts them, shows the last ones and calls a burst a burst, in both languages", async () => {
    surroundings.session = staff(null);
    expect(await render()).toContain("None refused lately.");
    await recordRefusal(database.db, { ip: "198.51.100.7", header: "X-PayDesk-Webhook-Secret", problem: "unknown" });
    let html = await render();
    expect(html).toContain("198.51.100.7");
    expect(html).toContain("a secret PayDesk did not issue");
    expect(html).not.toContain("A burst of refused webhooks");
    for (let i = 0; i < 25; i++) await recordRefusal(database.db, { ip: null, header: "X-PayDesk-Webhook-Secret", problem: "missing" });
    html = await render();
    expect(html).toContain("A burst of refused webhooks");
    expect(html).toMatch(/data-testid="refusals-last-hour">26</);
    surroundings.locale = "th";
    try {
      html = await render();
      expect(html).toContain("ไม่มีส่วนหัวรหัสลับ");
      expect(html).toContain("เว็บฮุกที่ถูกปฏิเสธเพราะรหัสลับ");
    } finally {
      surroundings.locale = "en";
    }
  });

  it("is not shown to someone limited to some merchants", async () => {
    surroundings.session = staff(["mer_x"]);
    expect(await render()).not.toContain("Refused for their secret");
  });
});
