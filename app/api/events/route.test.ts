import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "@/lib/auth/current-session";

// Who is signed in is the only surrounding these answers need: both are given before any stream starts.
const surroundings = vi.hoisted(() => ({ session: null as StaffSession | null }));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: async () => surroundings.session }));

const { GET } = await import("./route");

const staff = (role: string, locale: string | null = null): StaffSession => ({
  userId: "usr_x",
  email: "x@shop",
  name: "X",
  role: role as StaffSession["role"],
  merchantIds: null,
  locale,
});
const get = (headers: Record<string, string> = {}) => GET(new NextRequest("http://paydesk.test/api/events", { headers }));

describe("GET /api/events refusals", () => {
  beforeEach(() => {
    surroundings.session = null;
  });

  it("answers 401 in English to a browser that asks for English", async () => {
    const response = await get({ "accept-language": "en-GB" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sign in first." });
  });

  it("answers 401 in Thai to a browser with the Thai language cookie", async () => {
    const response = await get({ cookie: "paydesk_locale=th", "accept-language": "en-GB" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "โปรดเข้าสู่ระบบก่อน" });
  });

  it("answers 403 to a role without request.read in the person's own choice of language", async () => {
    surroundings.session = staff("guest", "th");
    const response = await get({ "accept-language": "en-GB" });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe("คุณไม่มีสิทธิ์ดูคำขอชำระเงิน");
    surroundings.session = staff("guest", "en");
    expect((await (await get({ "accept-language": "th-TH" })).json()).error).toBe("You do not have permission to see payment requests.");
  });
});
