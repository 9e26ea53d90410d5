import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionClaims } from "./session-cookie";

const secret = randomBytes(32).toString("base64");
const PLAIN = "authjs.session-token";
const SECURE = "__Secure-authjs.session-token";

/** A session cookie as next-auth seals it at sign-in (lib/auth/base-config.ts's jwt callback). */
async function sealed(
  claims: Record<string, unknown>,
  options: { name?: string; salt?: string; secret?: string; maxAge?: number } = {},
): Promise<string> {
  const name = options.name ?? PLAIN;
  const token = await encode({
    token: { sub: "usr_1", role: "admin", ...claims },
    secret: options.secret ?? secret,
    salt: options.salt ?? name,
    maxAge: options.maxAge ?? 3600,
  });
  return `${name}=${token}`;
}

const withCookie = (cookie: string) => new Headers({ cookie: `theme=dark; ${cookie}` });

describe("sessionClaims", () => {
  it("reads the user and sign-in ids from the cookie next-auth set, over http or https", async () => {
    expect(await sessionClaims(withCookie(await sealed({ uid: "usr_1", sid: "sid-1" })), secret)).toEqual({
      userId: "usr_1",
      sessionId: "sid-1",
      signedInAt: null,
    });
    expect(await sessionClaims(withCookie(await sealed({ uid: "usr_2", sid: "sid-2" }, { name: SECURE })), secret)).toEqual({
      userId: "usr_2",
      sessionId: "sid-2",
      signedInAt: null,
    });
    expect(await sessionClaims(withCookie(await sealed({ uid: "usr_3" })), secret)).toEqual({
      userId: "usr_3",
      sessionId: null,
      signedInAt: null,
    });
    // The sign-in time (lib/auth/base-config.ts's `sat`, epoch seconds) for the absolute limit.
    expect(await sessionClaims(withCookie(await sealed({ uid: "usr_4", sid: "sid-4", sat: 1_790_000_000 })), secret)).toEqual({
      userId: "usr_4",
      sessionId: "sid-4",
      signedInAt: new Date(1_790_000_000_000),
    });
  });

  it("is nobody for a cookie sealed with another secret, expired, moved to the other cookie name, or without a user", async () => {
    expect(
      await sessionClaims(withCookie(await sealed({ uid: "usr_1" }, { secret: randomBytes(32).toString("base64") })), secret),
    ).toBeNull();
    expect(await sessionClaims(withCookie(await sealed({ uid: "usr_1" }, { maxAge: -120 })), secret)).toBeNull();
    expect(await sessionClaims(withCookie(await sealed({ uid: "usr_1" }, { name: PLAIN, salt: SECURE })), secret)).toBeNull();
    expect(await sessionClaims(withCookie(await sealed({ uid: "" })), secret)).toBeNull();
    expect(await sessionClaims(withCookie(`${PLAIN}=not-a-token`), secret)).toBeNull();
    expect(await sessionClaims(new Headers(), secret)).toBeNull();
  });

  it("takes no Bearer token: the console's session is its cookie", async () => {
    const token = (await sealed({ uid: "usr_1" })).slice(PLAIN.length + 1);
    expect(await sessionClaims(new Headers({ authorization: `Bearer ${token}` }), secret)).toBeNull();
  });

  describe("a cookie opened before", () => {
    afterEach(() => vi.useRealTimers());

    it("answers the same again, and nobody once the token has expired", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const cookie = withCookie(await sealed({ uid: "usr_5", sid: "sid-5" }, { maxAge: 60 }));
      const first = await sessionClaims(cookie, secret);
      expect(first).toEqual({ userId: "usr_5", sessionId: "sid-5", signedInAt: null });
      expect(await sessionClaims(cookie, secret)).toEqual(first);
      vi.setSystemTime(Date.now() + 120_000); // past the token's expiry and the 15 s next-auth allows for clocks
      expect(await sessionClaims(cookie, secret)).toBeNull();
    });

    it("is not the answer for another secret, or for the same cookie's value changed", async () => {
      const cookie = await sealed({ uid: "usr_6", sid: "sid-6" });
      expect(await sessionClaims(withCookie(cookie), secret)).toMatchObject({ userId: "usr_6" });
      expect(await sessionClaims(withCookie(cookie), randomBytes(32).toString("base64"))).toBeNull();
      expect(await sessionClaims(withCookie(`${cookie.slice(0, -2)}xy`), secret)).toBeNull();
      // Other cookies beside it do not matter: the same session cookie is the same person.
      expect(await sessionClaims(new Headers({ cookie: `lang=th; ${cookie}` }), secret)).toMatchObject({ userId: "usr_6" });
    });
  });
});
