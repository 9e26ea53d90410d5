import { describe, expect, it } from "vitest";
import { OPEN_ENDED_WINDOW_MS, RECEIPT_LINK_LIFETIME_MS } from "./signing";
import {
  CHECKOUT_LINK_GRACE_MS,
  checkoutLinkExpiry,
  checkoutPath,
  checkoutTokenFor,
  receiptUrlFor,
  signCheckoutToken,
  verifyCheckoutToken,
  verifyReceiptToken,
} from "./token";

const secret = "s".repeat(44);
const now = new Date("2026-05-01T10:00:00Z");
const inAnHour = new Date(now.getTime() + 60 * 60 * 1000);

describe("checkout link tokens", () => {
  it("round-trips the request id and expiry, and is URL-safe", () => {
    const token = signCheckoutToken("req_0123456789abcdef0123", inAnHour, { secret });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(checkoutPath(token)).toBe(`/checkout/${token}`);
    expect(verifyCheckoutToken(token, { secret, now })).toEqual({ ok: true, requestId: "req_0123456789abcdef0123", expiresAt: inAnHour });
  });

  it("gives a request without an expiry (P2P) the provider's 24-hour window from creation, plus the grace", () => {
    expect(checkoutLinkExpiry({ expireAt: null, createdAt: now }).getTime() - now.getTime()).toBe(
      OPEN_ENDED_WINDOW_MS + CHECKOUT_LINK_GRACE_MS,
    );
    const token = checkoutTokenFor({ id: "req_p2p", expireAt: null, createdAt: now }, { secret });
    expect(
      verifyCheckoutToken(token, { secret, now: new Date(now.getTime() + OPEN_ENDED_WINDOW_MS + CHECKOUT_LINK_GRACE_MS - 1000) }),
    ).toMatchObject({ ok: true });
    expect(verifyCheckoutToken(token, { secret, now: new Date(now.getTime() + OPEN_ENDED_WINDOW_MS + CHECKOUT_LINK_GRACE_MS) })).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("keeps the link open until 24 hours after the request expires", () => {
    const expireAt = new Date(now.getTime() + 15 * 60 * 1000);
    expect(checkoutLinkExpiry({ expireAt, createdAt: now }).getTime() - expireAt.getTime()).toBe(CHECKOUT_LINK_GRACE_MS);
    const token = checkoutTokenFor({ id: "req_a", expireAt, createdAt: now }, { secret });
    const justBefore = new Date(expireAt.getTime() + CHECKOUT_LINK_GRACE_MS - 1000);
    const atTheEnd = new Date(expireAt.getTime() + CHECKOUT_LINK_GRACE_MS);
    expect(verifyCheckoutToken(token, { secret, now: justBefore })).toMatchObject({ ok: true, requestId: "req_a" });
    expect(verifyCheckoutToken(token, { secret, now: atTheEnd })).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a token whose request id or expiry was changed", () => {
    const token = signCheckoutToken("req_a", inAnHour, { secret });
    const [, sig] = token.split(".");
    const forged = (payload: string) => `${Buffer.from(payload).toString("base64url")}.${sig}`;
    expect(verifyCheckoutToken(forged(`req_b.${Math.floor(inAnHour.getTime() / 1000)}`), { secret, now })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(verifyCheckoutToken(forged(`req_a.${Math.floor(inAnHour.getTime() / 1000) + 86_400}`), { secret, now })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("refuses a changed signature, and one made with another secret", () => {
    const token = signCheckoutToken("req_a", inAnHour, { secret });
    const [payload, sig] = token.split(".") as [string, string];
    const flipped = Buffer.from(sig, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(verifyCheckoutToken(`${payload}.${flipped.toString("base64url")}`, { secret, now })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(verifyCheckoutToken(token, { secret: "t".repeat(44), now })).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("says an expired link is expired only when it is genuine", () => {
    const past = new Date(now.getTime() - 1000);
    expect(verifyCheckoutToken(signCheckoutToken("req_a", past, { secret }), { secret, now })).toEqual({ ok: false, reason: "expired" });
    const [payload] = signCheckoutToken("req_a", past, { secret }).split(".");
    expect(verifyCheckoutToken(`${payload}.${"A".repeat(22)}`, { secret, now })).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("calls garbage malformed", () => {
    for (const bad of [
      "",
      "abc",
      "a.b.c",
      "!!.??",
      `${Buffer.from("no-expiry").toString("base64url")}.${"A".repeat(22)}`,
      `${Buffer.from("req_a.1").toString("base64url")}.AAAA`,
    ]) {
      expect(verifyCheckoutToken(bad, { secret, now })).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("accepts only the one canonical base64url spelling of a genuine token", () => {
    // 16 tag bytes take 22 characters whose last carries 4 unused bits: 16 spellings decode alike.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (const id of ["req_a", "req_ab", "req_abc"]) {
      const token = signCheckoutToken(id, inAnHour, { secret });
      const [payload, sig] = token.split(".") as [string, string];
      const spellings = [...alphabet].flatMap((c) => [`${payload}.${sig.slice(0, -1)}${c}`, `${payload.slice(0, -1)}${c}.${sig}`]);
      const accepted = new Set(spellings.filter((t) => verifyCheckoutToken(t, { secret, now }).ok));
      expect([...accepted]).toEqual([token]);
      expect(verifyCheckoutToken(`${payload}.${sig.slice(0, -1)}${alphabet[alphabet.indexOf(sig.at(-1)!) ^ 1]}`, { secret, now })).toEqual({
        ok: false,
        reason: "malformed",
      });
    }
  });

  it("will not sign an id that would make the token ambiguous", () => {
    expect(() => signCheckoutToken("req.a", inAnHour, { secret })).toThrow(RangeError);
    expect(() => signCheckoutToken("", inAnHour, { secret })).toThrow(RangeError);
  });
});

describe("receipt links", () => {
  it("are handed out while they work, the same link each time, and not at all once the year from the request is over", () => {
    const request = { id: "req_paid", createdAt: now };
    const lastMoment = new Date(now.getTime() + RECEIPT_LINK_LIFETIME_MS - 1);
    const url = receiptUrlFor(request, "https://pay.example", { secret, now: inAnHour });
    expect(url).toMatch(/^https:\/\/pay\.example\/receipts\/[\w-]+\.[\w-]+$/);
    expect(receiptUrlFor(request, "https://pay.example", { secret, now: lastMoment })).toBe(url);
    const token = url!.split("/receipts/")[1]!;
    expect(verifyReceiptToken(token, { secret, now: lastMoment })).toMatchObject({ ok: true, requestId: "req_paid" });
    // From the moment the link would only say "expired", none is given.
    const ended = new Date(now.getTime() + RECEIPT_LINK_LIFETIME_MS);
    expect(verifyReceiptToken(token, { secret, now: ended })).toEqual({ ok: false, reason: "expired" });
    expect(receiptUrlFor(request, "https://pay.example", { secret, now: ended })).toBeNull();
  });
});
