import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "./current-session";
import { captureLog } from "../ops/testing/log-capture";

// Who is signed in; the door's other gates are exercised for real by lib/auth/routes-registry.db.test.ts.
const surroundings = vi.hoisted(() => ({ session: null as StaffSession | null }));
vi.mock("./current-session", () => ({
  currentSession: async () => surroundings.session,
  recheckSession: async () => surroundings.session,
}));

const { defineRoute, isDefinedRoute, REQUEST_ID_HEADER } = await import("./route");

const viewer: StaffSession = { userId: "usr_v", email: "v@shop", name: "V", role: "viewer", merchantIds: ["mer_a"], locale: null };
const get = (handler: (request: NextRequest) => Promise<Response>, headers: Record<string, string> = {}) =>
  handler(new NextRequest("http://paydesk.test/api/x", { headers }));

describe("defineRoute", () => {
  beforeEach(() => {
    surroundings.session = viewer;
  });

  it("answers what run answers, stamped with a request id, and marks the handler for the registry", async () => {
    const handler = defineRoute({ permission: "request.read", run: async ({ session }) => Response.json({ who: session.userId }) });
    const response = await get(handler);
    expect(await response.json()).toEqual({ who: "usr_v" });
    expect(response.headers.get(REQUEST_ID_HEADER)).toMatch(/^rq_[0-9a-f]{16}$/);
    expect(isDefinedRoute(handler)).toBe(true);
    expect(isDefinedRoute(async () => new Response())).toBe(false);
  });

  it("refuses a role without the permission in words of the person's language, before run", async () => {
    const run = vi.fn();
    const response = await get(defineRoute({ permission: "payout.approve", run }), { "accept-language": "th-TH" });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatch(/^คุณไม่มีสิทธิ์/);
    expect(run).not.toHaveBeenCalled();
  });

  it("answers 500 with the request id as the reference when run fails, and none of the failure's text", async () => {
    const logged = captureLog();
    const response = await get(
      defineRoute({
        permission: "request.read",
        run: async () => {
          throw new Error('relation "secret_table" does not exist');
        },
      }),
    );
    expect(response.status).toBe(500);
    const body = JSON.stringify(await response.json());
    expect(body).toContain(response.headers.get(REQUEST_ID_HEADER)!);
    expect(body).not.toContain("secret_table");
    expect(logged.text()).toContain(response.headers.get(REQUEST_ID_HEADER)!);
    logged.restore();
  });

  it("says a stream may go on only while the person keeps the gates and their scope", async () => {
    let allowed: boolean | null = null;
    const handler = defineRoute({
      permission: "request.read",
      run: async ({ stillAllowed }) => Response.json((allowed = await stillAllowed())),
    });
    await get(handler);
    expect(allowed).toBe(true);
    // A narrower scope (mer_a taken away) is not.
    const check = defineRoute({
      permission: "request.read",
      run: async ({ stillAllowed }) => {
        surroundings.session = { ...viewer, merchantIds: ["mer_b"] };
        return Response.json(await stillAllowed());
      },
    });
    expect(await (await get(check)).json()).toBe(false);
  });
});
