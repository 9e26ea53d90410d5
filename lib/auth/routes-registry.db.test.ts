import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { staffUsers } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../db/testing/databases";
import { definePublicRoute, defineWebhookRoute } from "../http/public-route";
import { PAGES_ROUTES } from "../http/pages-routes";
import { REQUEST_ID_HEADER } from "./route";
import { doorOf } from "../http/door";
import { checkoutPageLoader } from "../checkout/page-bridge";
import { registerCheckoutPageLoader } from "../checkout/page-loader";
import { slipPageLoader } from "../slips/page-bridge";
import { registerSlipPageLoader } from "../slips/page-loader";
import { scanRouteHandlers, type RouteScan } from "./testing/find-routes";
import { sealedSessionCookie } from "./testing/session-cookie";
import { insertStaff } from "./testing/staff";

// The request (Next's headers()) and the database, outside a Next request; the session itself is
// read for real: the cookie opened, the person's row and the sign-in checked.
const surroundings = vi.hoisted(() => ({ database: undefined as unknown as { db: unknown }, cookie: "" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers(surroundings.cookie ? { cookie: surroundings.cookie } : {}),
  cookies: async () => ({ get: () => undefined }),
}));
vi.mock("../db", () => ({ getDb: async () => surroundings.database.db, database: async () => surroundings.database }));
const secret = randomBytes(32).toString("base64");
vi.stubEnv("AUTH_SECRET", secret);

const root = process.cwd();
const appDir = path.join(root, "app");

/**
 * The routes that may bypass the doors, each with the reason. next-auth's catch-all is its own
 * door: it serves the sign-in itself (no session to check yet) and its CSRF and callback checks,
 * and keeps its redirects on the browser's host (app/api/auth/[...nextauth]/route.ts).
 */
const EXCEPTIONS: Record<string, string> = {
  "/api/auth/[...nextauth]": "next-auth's own endpoints: the sign-in, its CSRF token and callbacks, before any session exists",
};

describe("every route handler goes through a door: staff routes through defineRoute", () => {
  let database: TestDatabase;
  let scan: RouteScan;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.database = database;
    scan = await scanRouteHandlers(appDir, { exceptions: EXCEPTIONS, pages: { dir: path.join(root, "pages"), routes: PAGES_ROUTES } });
  });
  afterAll(async () => database?.dispose());

  it("holds for every route.ts under app/ that is not public", () => {
    // The scan must see the routes we know of; an empty scan would pass vacuously.
    expect(scan.staffRoutes.map((r) => r.urlPath)).toEqual(
      expect.arrayContaining([
        "/api/events",
        "/api/exports/requests",
        "/api/approvals/count",
        "/api/slips/[id]/image",
        "/api/slips/[id]/thumbnail",
      ]),
    );
    expect(scan.publicRoutes).toEqual(
      expect.arrayContaining(["/api/webhooks/payment", "/api/auth/[...nextauth]", "/checkout/[token]/status"]),
    );
    expect(scan.problems).toEqual([]);
  });

  it("and every public route through the public or the webhook door, but for the listed exceptions", () => {
    expect(scan.publicRoutes).toEqual(
      expect.arrayContaining([
        "/api/health/database",
        "/checkout/[token]/events",
        "/payin-slip-upload/[orgId]/[paymentRequestId]/[token]/upload",
      ]),
    );
    expect(scan.excepted).toEqual(Object.keys(EXCEPTIONS));
  });

  it("and every Pages Router page reads through the public page door, handed over at start-up", () => {
    // A page under pages/ (not pages/api, not Next's own _document/_app) and how start-up hands it its reading.
    const PAGE_READERS: Record<string, () => unknown> = {
      "checkout/[token].tsx": () => {
        registerCheckoutPageLoader();
        return checkoutPageLoader();
      },
      "payin-slip-upload/[orgId]/[paymentRequestId]/[token].tsx": () => {
        registerSlipPageLoader();
        return slipPageLoader();
      },
    };
    const pagesDir = path.join(root, "pages");
    const pageFiles = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === "api" && dir === pagesDir ? [] : pageFiles(full);
        return /\.(tsx?|jsx?)$/.test(entry.name) && !/^_(document|app|error)\./.test(entry.name) ? [path.relative(pagesDir, full)] : [];
      });
    expect(pageFiles(pagesDir).sort()).toEqual(Object.keys(PAGE_READERS).sort());
    for (const [file, reader] of Object.entries(PAGE_READERS)) expect(doorOf(reader()), file).toBe("public");
  });

  const call = async (headers: Record<string, string>) => {
    const answers: Record<string, { status: number; body: unknown; requestId: string | null }> = {};
    for (const route of scan.staffRoutes) {
      for (const [method, handler] of Object.entries(route.handlers)) {
        const response = await (handler as (request: NextRequest) => Promise<Response>)(
          new NextRequest(`http://paydesk.test${route.urlPath}`, { method, headers }),
        );
        answers[`${method} ${route.urlPath}`] = {
          status: response.status,
          body: await response.json(),
          requestId: response.headers.get(REQUEST_ID_HEADER),
        };
      }
    }
    return answers;
  };
  const everyRoute = (answers: Record<string, unknown>, answer: unknown) => {
    expect(Object.keys(answers).length).toBeGreaterThanOrEqual(3);
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((key) => [key, answer])));
  };

  it("so each refuses a signed-out caller with 401, in words, with a request id", async () => {
    surroundings.cookie = "";
    const answers = await call({ "accept-language": "th-TH" });
    everyRoute(answers, {
      status: 401,
      body: { error: expect.stringMatching(/เข้าสู่ระบบ/) },
      requestId: expect.stringMatching(/^rq_[0-9a-f]{16}$/),
    });
  });

  it("and a person still on a one-time password with 403, in their language, though their role would allow it", async () => {
    const invited = await insertStaff(database.db, { role: "admin" });
    await database.db.update(staffUsers).set({ mustChangePassword: true, locale: "th" }).where(eq(staffUsers.id, invited.id));
    surroundings.cookie = await sealedSessionCookie(invited.id, { secret });
    const inThai = await call({ "accept-language": "en-GB" });
    everyRoute(inThai, {
      status: 403,
      body: { error: "โปรดตั้งรหัสผ่านของคุณเองก่อน (ขณะนี้ยังใช้รหัสผ่านชั่วคราว) แล้วลองอีกครั้ง" },
      requestId: expect.any(String),
    });
    await database.db.update(staffUsers).set({ locale: "en" }).where(eq(staffUsers.id, invited.id));
    const inEnglish = await call({ "accept-language": "th-TH" });
    everyRoute(inEnglish, {
      status: 403,
      body: { error: "Choose your own password first (you are still on a one-time password), then try again." },
      requestId: expect.any(String),
    });
  });

  describe("the checker itself", () => {
    fs.mkdirSync(path.join(root, ".tmp"), { recursive: true });
    const dir = fs.mkdtempSync(path.join(root, ".tmp", "routes-registry-"));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const write = (relative: string, text: string) => {
      fs.mkdirSync(path.join(dir, path.dirname(relative)), { recursive: true });
      fs.writeFileSync(path.join(dir, relative), text);
    };
    const routePath = JSON.stringify(path.join(root, "lib", "auth", "route.ts"));

    it("reports a bare handler on a staff path, passes a wrapped one, and wants the public door on public paths", async () => {
      const doorPath = JSON.stringify(path.join(root, "lib", "http", "public-route.ts"));
      write(
        "api/fine/route.ts",
        `import { defineRoute } from ${routePath};\nexport const dynamic = "force-dynamic";\nexport const GET = defineRoute({ permission: "request.read", run: async () => new Response("ok") });\n`,
      );
      write(
        "(console)/api/rogue/route.ts",
        `export async function GET() {\n  return new Response("everything");\n}\nexport const POST = GET;\n`,
      );
      write("api/webhooks/x/route.ts", `export async function POST() {\n  return new Response("ok");\n}\n`);
      write(
        "api/webhooks/y/route.ts",
        `import { definePublicRoute } from ${doorPath};\nexport const POST = definePublicRoute({ run: async () => new Response("ok") });\n`,
      );
      write(
        "checkout/fine/route.ts",
        `import { definePublicRoute } from ${doorPath};\nexport const GET = definePublicRoute({ run: async () => new Response("ok") });\n`,
      );
      write(
        "checkout/staff-door/route.ts",
        `import { defineRoute } from ${routePath};\nexport const GET = defineRoute({ permission: "request.read", run: async () => new Response("ok") });\n`,
      );
      write("api/auth/[...nextauth]/route.ts", `export async function GET() {\n  return new Response("ok");\n}\n`);
      const fixture = await scanRouteHandlers(dir, { exceptions: { "/api/auth/[...nextauth]": "its own door" } });
      expect(fixture.staffRoutes.map((r) => r.urlPath).sort()).toEqual(["/api/fine", "/api/rogue"]);
      expect(fixture.publicRoutes.sort()).toEqual([
        "/api/auth/[...nextauth]",
        "/api/webhooks/x",
        "/api/webhooks/y",
        "/checkout/fine",
        "/checkout/staff-door",
      ]);
      expect(fixture.excepted).toEqual(["/api/auth/[...nextauth]"]);
      expect(fixture.problems).toHaveLength(5);
      const problems = fixture.problems.join("\n");
      expect(problems).toMatch(/rogue\/route\.ts: GET is not built by defineRoute/);
      expect(problems).toMatch(/rogue\/route\.ts: POST is not built by defineRoute/);
      expect(problems).toMatch(/webhooks\/x\/route\.ts: POST is not built by defineWebhookRoute/);
      expect(problems).toMatch(/webhooks\/y\/route\.ts: POST is not built by defineWebhookRoute/);
      expect(problems).toMatch(/staff-door\/route\.ts: GET is not built by definePublicRoute/);
    });

    it("wants each Pages API route to be the bridge for its own path, with the right door registered for it", async () => {
      const pagesDir = path.join(dir, "pages-fixture");
      const bridge = JSON.stringify(path.join(root, "lib", "http", "pages-bridge.ts"));
      const bridged = (p: string) => `import { pagesRouteHandler } from ${bridge};\nexport default pagesRouteHandler("${p}");\n`;
      write("pages-fixture/api/webhooks/good.ts", bridged("/api/webhooks/good"));
      write("pages-fixture/api/webhooks/bare.ts", `export default async function handler(_req, res) {\n  res.end("ok");\n}\n`);
      write("pages-fixture/api/webhooks/borrowed.ts", bridged("/api/webhooks/good"));
      write("pages-fixture/api/webhooks/wrong-door.ts", bridged("/api/webhooks/wrong-door"));
      write("pages-fixture/api/webhooks/unregistered.ts", bridged("/api/webhooks/unregistered"));
      const webhook = defineWebhookRoute({
        secretHeader: () => "x-secret",
        authenticate: async () => ({ ok: true, holder: null }),
        run: async () => new Response("ok"),
      });
      const fixture = await scanRouteHandlers(path.join(dir, "no-app"), {
        pages: {
          dir: pagesDir,
          routes: {
            "/api/webhooks/good": { handler: webhook, methods: ["POST"] },
            "/api/webhooks/wrong-door": { handler: definePublicRoute({ run: async () => new Response("ok") }), methods: ["POST"] },
            "/api/webhooks/ghost": { handler: webhook, methods: ["POST"] },
          },
        },
      });
      expect(fixture.publicRoutes.sort()).toEqual(["/api/webhooks/good", "/api/webhooks/wrong-door"]);
      const problems = fixture.problems.join("\n");
      expect(fixture.problems).toHaveLength(5);
      expect(problems).toMatch(/bare\.ts: its default export is not pagesRouteHandler\("\/api\/webhooks\/bare"\)/);
      expect(problems).toMatch(/borrowed\.ts: its default export is not pagesRouteHandler\("\/api\/webhooks\/borrowed"\)/);
      expect(problems).toMatch(/wrong-door\.ts: POST is not built by defineWebhookRoute/);
      expect(problems).toMatch(/unregistered\.ts: no door is registered for \/api\/webhooks\/unregistered/);
      expect(problems).toMatch(/\/api\/webhooks\/ghost: registered at start-up but no pages\/api file serves it/);
    });
  });
});
