import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signCheckoutToken } from "../checkout/signing";
import { signUnsubscribeToken, UNSUBSCRIBE_LINK_DAYS, verifyUnsubscribeToken } from "./unsubscribe-signing";

const secret = "s".repeat(32);
const now = new Date("2026-11-27T05:00:00Z");

describe("the one-click unsubscribe link", () => {
  it("says who and which e-mails, for 90 days", () => {
    const token = signUnsubscribeToken("stf_1", ["request.needs_review", "approval.waiting", "approval.waiting"], { secret, now });
    expect(verifyUnsubscribeToken(token, { secret, now })).toEqual({
      ok: true,
      staffId: "stf_1",
      kinds: ["approval.waiting", "request.needs_review"],
    });
    const lastSecond = new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * 86_400_000 - 1_000);
    expect(verifyUnsubscribeToken(token, { secret, now: lastSecond }).ok).toBe(true);
    expect(verifyUnsubscribeToken(token, { secret, now: new Date(lastSecond.getTime() + 1_000) })).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses a link changed to name another person or more e-mails, signed with another secret, or cut", () => {
    const token = signUnsubscribeToken("stf_1", ["approval.waiting"], { secret, now });
    const [payload, tag] = token.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { s: string; k: string[]; e: number };
    const forged = (changed: object) => `${Buffer.from(JSON.stringify({ ...claims, ...changed })).toString("base64url")}.${tag}`;
    expect(verifyUnsubscribeToken(forged({ s: "stf_2" }), { secret, now })).toEqual({ ok: false, reason: "bad_signature" });
    expect(verifyUnsubscribeToken(forged({ k: ["approval.waiting", "payout.failed"] }), { secret, now })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(verifyUnsubscribeToken(token, { secret: "t".repeat(32), now })).toEqual({ ok: false, reason: "bad_signature" });
    for (const bad of ["", payload, `${payload}.`, `${token}.x`, "a.b", `${payload}.${tag.slice(1)}`])
      expect(verifyUnsubscribeToken(bad, { secret, now }).ok).toBe(false);
  });

  it("is not a checkout link, nor is a checkout link one of these, though both are signed with AUTH_SECRET", () => {
    const checkout = signCheckoutToken("req_1", new Date(now.getTime() + 86_400_000), { secret });
    expect(verifyUnsubscribeToken(checkout, { secret, now })).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("refuses a genuine signature over claims it cannot use (no kinds, a kind PayDesk has not, no person)", () => {
    // Signed as PayDesk signs (HMAC-SHA256 under the purpose's key, 128 bits): only the claims are wrong.
    const key = createHmac("sha256", secret).update("paydesk/email-unsubscribe/v1").digest();
    const signed = (claims: object) => {
      const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
      return `${payload}.${createHmac("sha256", key).update(payload).digest().subarray(0, 16).toString("base64url")}`;
    };
    const e = Math.floor(now.getTime() / 1000) + 60;
    expect(verifyUnsubscribeToken(signed({ s: "stf_1", k: ["approval.waiting"], e }), { secret, now }).ok).toBe(true);
    for (const claims of [
      { s: "stf_1", k: [], e },
      { s: "stf_1", k: ["marketing"], e },
      { k: ["approval.waiting"], e },
      { s: "stf_1", k: ["approval.waiting"] },
    ])
      expect(verifyUnsubscribeToken(signed(claims), { secret, now })).toEqual({ ok: false, reason: "malformed" });
    expect(() => signUnsubscribeToken("stf_1", [], { secret, now })).toThrow(RangeError);
  });
});
