import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
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
});
