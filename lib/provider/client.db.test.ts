/**
 * The provider client against real sandboxes over HTTP, in both profiles: successes, every kind
 * of failure through the sandbox's fault injection, and no retry that could create a second request.
 */
import { scaled } from "@/lib/testing/vitest-project";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import type { SeededMerchant } from "../../sandbox/seed";
import { createPaymentApi, type MerchantCredentials } from "./client";
import { detailWords } from "../provider-words/failures";
import { failureText } from "../provider-words/failures";
import { createMemoryLimiter } from "./limiter";
import { p2pRequest, payInRequest, payOutRequest, type PayInInput, type PayOutInput } from "../requests/contract";
import type { ProviderResult } from "./result";

const PROFILES = ["spec", "live"] as const;

/**
 * A failure the console can word in Thai (lib/provider-words/failures.ts): facts, with a wire
 * detail PayDesk has words for rather than someone else's text.
 */
function wordable(result: ProviderResult<unknown>): boolean {
  if (result.ok) return false;
  if (!("detail" in result)) return true;
  return result.detail.what !== "text" && detailWords(result.detail, "th") !== "";
}

// Long enough that an ordinary call on a busy machine is not cut (800 ms once was, in a loaded CI
// run), short enough that the timeout tests stay quick; the injected delays are relative to it.
const TIMEOUT_MS = scaled(2_000);

function credentialsOf(m: SeededMerchant): MerchantCredentials {
  return { orgId: m.orgId, merchantId: m.merchantId, submitKey: m.submitKey, readKey: m.readKey, label: m.name };
}

const payInInput = (overrides: Partial<PayInInput> = {}): PayInInput => ({
  refId1: ref("C"),
  payerName: "สมชาย ใจดี",
  amountSatang: 32_550,
  qrProvider: "PP",
  ...overrides,
});
const payIn = (overrides: Partial<PayInInput> = {}) => payInRequest(payInInput(overrides));
const payOut = (overrides: Partial<PayOutInput> = {}) =>
  payOutRequest({
    refId1: ref("CO"),
    amountSatang: 150_000,
    destination: { type: "bank", bankCode: "KBANK", accountNo: "0123456789", accountName: "Somchai Jaidee" },
    ...overrides,
  });

describe.each(PROFILES)("provider client against the %s sandbox", (profile) => {
  let sb: TestSandbox;
  let api: ReturnType<typeof createPaymentApi>;
  let merchant: ReturnType<ReturnType<typeof createPaymentApi>["forMerchant"]>;

  beforeAll(async () => {
    sb = await startTestSandbox(profile);
    api = createPaymentApi({ baseUrl: sb.url, timeoutMs: TIMEOUT_MS, limiter: null, backoffMs: 20 });
    merchant = api.forMerchant(credentialsOf(sb.coffee));
  });
  afterAll(async () => sb.dispose());

  const countByRef = async (refId1: string) =>
    (await sb.control<unknown[]>("GET", `/requests?refId1=${encodeURIComponent(refId1)}`)).body.length;

  it("creates a Pay-In and reads it into satang, with a QR image only where the provider sends one", async () => {
    const result = await merchant.submitPayIn(payIn());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.status).toBe("Pending");
    expect(result.data.requestedSatang).toBe(32_550);
    expect(Math.trunc(result.data.generatedSatang / 100)).toBe(325);
    expect(result.data.qrCode).toMatch(/^000201/);
    expect(result.data.isQrAvailable).toBe(true);
    if (profile === "spec") expect(result.data.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    else expect(result.data.qrCodeImage).toBeNull(); // the live provider blanks it (docs/provider-facts.md §4.1)
    expect(result.data.slipUploadUrl).toMatch(new RegExp(`^/payin-slip-upload/${sb.coffee.orgId}/${result.data.id}/`));
  });

  it("takes only requests the contract checked: bad input is refused at the border with the form's message key, and nothing is sent", async () => {
    const refId1 = "ราคา-1";
    expect(() => payIn({ refId1 })).toThrow("refId1Chars");
    expect(() => payIn({ amountSatang: 12.5 })).toThrow("amountDecimals");
    expect(await countByRef(refId1)).toBe(0);
  });

  it("creates a Pay-Out whichever envelope key the provider uses", async () => {
    const result = await merchant.submitPayOut(payOut());
    expect(result).toMatchObject({ ok: true, data: { type: "PayOut", status: "Pending", requestedSatang: 150_000 } });
  });

  it("creates a Withdrawal in spec, and explains the live provider's missing endpoint", async () => {
    const result = await merchant.submitWithdrawal(
      payOut({ destination: { type: "saved", accountId: sb.coffee.payoutDestinations[0]!.id } }),
    );
    if (profile === "spec") expect(result).toMatchObject({ ok: true, data: { type: "PayOut" } });
    else expect(result).toMatchObject({ ok: false, kind: "rejected", code: "HTTP_404" });
  });

  it("creates a P2P pay-in matched to a pending pay-out, without a fake PromptPay id", async () => {
    const out = await merchant.submitPayOut(
      payOut({
        amountSatang: 9_999_900,
        destination: { type: "bank", bankCode: "BAY", accountNo: "1231234567", accountName: "Somsri Rakdee" },
      }),
    );
    expect(out.ok).toBe(true);
    const result = await merchant.submitPayInP2P(
      p2pRequest({ refId1: ref("P"), payerName: "Payer", amountSatang: 50_000, qrProvider: "PP" }),
    );
    expect(result).toMatchObject({
      ok: true,
      data: { isQrAvailable: false, qrCode: null, qrCodeImage: null, payInPromptPayId: null, generatedSatang: 50_000 },
    });
  });

  it("names the provider's code for a business rejection, in spec as JSON and in live from an empty 500", async () => {
    const first = payIn();
    expect((await merchant.submitPayIn(first)).ok).toBe(true);
    const again = await merchant.submitPayIn(first);
    if (profile === "spec") {
      expect(again).toMatchObject({ ok: false, kind: "rejected", code: "REF_ID1_DUPLICATE" });
      if (!again.ok) expect(failureText(again)).toMatch(/used before.*\(REF_ID1_DUPLICATE\)/);
    } else {
      // The live provider crashes into an empty 500 on every failed pay-in submit (§3.1).
      expect(again).toMatchObject({ ok: false, kind: "provider_error", httpStatus: 500, mayExist: true });
    }
    const p2p = await api
      .forMerchant(credentialsOf(sb.gadgets))
      .submitPayInP2P(p2pRequest({ refId1: ref("N"), payerName: "P", amountSatang: 19_000_000, qrProvider: "PP" }));
    if (profile === "spec") {
      expect(p2p).toMatchObject({ ok: false, kind: "rejected", code: "ERROR_NO_P2P_ACCOUNT_MATCH" });
      if (!p2p.ok)
        expect(failureText(p2p)).toContain("No pending pay-out can take this P2P payment right now; try a normal Pay-In or later.");
    } else {
      expect(p2p).toMatchObject({ ok: false, kind: "provider_error" });
    }
  });

  it("reports a wrong key as an authentication failure naming the org, and never shows the key", async () => {
    const wrong = api.forMerchant({ ...credentialsOf(sb.coffee), submitKey: "00000000-0000-0000-0000-000000000000" });
    const result = await wrong.submitPayIn(payIn());
    expect(result).toMatchObject({ ok: false, kind: "auth_failed" });
    if (!result.ok) expect(failureText(result)).toContain(`org ${sb.coffee.orgId}`);
    expect(wordable(result)).toBe(true);
  });

  it("reports a disabled key as an authentication failure, though the live provider answers 200 text/plain", async () => {
    const created = await sb.control<{ key: string }>("POST", "/keys", {
      merchantId: sb.coffee.merchantId,
      roles: ["PAYMENT_REQUEST"],
      status: "Disabled",
    });
    const result = await api.forMerchant({ ...credentialsOf(sb.coffee), submitKey: created.body.key }).submitPayIn(payIn());
    expect(result).toMatchObject({ ok: false, kind: "auth_failed", httpStatus: profile === "live" ? 200 : 401 });
  });

  it("reports a key without the role as forbidden, naming what it lacks", async () => {
    const readOnly = api.forMerchant({ ...credentialsOf(sb.coffee), submitKey: sb.coffee.readKey });
    const result = await readOnly.submitPayOut(payOut());
    expect(result).toMatchObject({ ok: false, kind: "forbidden" });
    if (!result.ok) expect(failureText(result)).toMatch(/lacks the role for creating Pay-Out requests/);
    expect(wordable(result)).toBe(true);
  });

  it("reads a request back and finds it by RefId1", async () => {
    const input = payIn();
    const created = await merchant.submitPayIn(input);
    if (!created.ok) throw new Error(failureText(created));
    const byId = await merchant.getPaymentRequestById(created.data.id);
    expect(byId).toMatchObject({
      ok: true,
      data: { id: created.data.id, refId1: input.refId1, status: "Pending", requestedSatang: 32_550 },
    });
    if (byId.ok) expect(byId.data.payInResponse?.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    const found = await merchant.findByRefId1(input.refId1);
    expect(found.ok && found.data.map((r) => r.id)).toEqual([created.data.id]);
  });

  it("says plainly when a merchant has no read key", async () => {
    const result = await api.forMerchant({ ...credentialsOf(sb.coffee), readKey: null }).getPaymentRequestById("x");
    expect(result).toMatchObject({ ok: false, kind: "forbidden" });
    if (!result.ok) expect(failureText(result)).toMatch(/outcomes depend on webhooks alone/);
    expect(wordable(result)).toBe(true);
  });

  describe.each(["SubmitPayInRequest", "SubmitPayInRequestP2P", "SubmitPayOutRequest", "SubmitWithdrawalRequest"] as const)(
    "%s under faults",
    (operation) => {
      const skipLive = profile === "live" && operation === "SubmitWithdrawalRequest";
      const send = async (refId1: string) => {
        const m = merchant;
        switch (operation) {
          case "SubmitPayInRequest":
            return m.submitPayIn(payIn({ refId1 }));
          case "SubmitPayInRequestP2P":
            // Keep a pay-out pending so the P2P can match.
            await m.submitPayOut(payOut({ amountSatang: 500_000 }));
            return m.submitPayInP2P(p2pRequest({ refId1, payerName: "P", amountSatang: 10_000, qrProvider: "PP" }));
          case "SubmitPayOutRequest":
            return m.submitPayOut(payOut({ refId1 }));
          case "SubmitWithdrawalRequest":
            return m.submitWithdrawal(payOut({ refId1 }));
        }
      };
      const inject = (refId1: string, kind: string, when: "before" | "after", extra: Record<string, unknown> = {}) =>
        sb.control("POST", "/faults", { operation, kind, when, match: { refId1 }, ...extra });

      it.skipIf(skipLive)("a timeout after the provider created the request: uncertain, not retried, exactly one request", async () => {
        const refId1 = ref("FT");
        await inject(refId1, "timeout", "after", { delayMs: TIMEOUT_MS + 3_000 });
        const result = await send(refId1);
        expect(result).toMatchObject({ ok: false, kind: "timeout", mayExist: true });
        if (!result.ok)
          expect(failureText(result)).toMatch(
            new RegExp(`did not answer within ${Math.round(TIMEOUT_MS / 1000)} s\\. The request may or may not have been created`),
          );
        expect(wordable(result)).toBe(true);
        expect(await countByRef(refId1)).toBe(1);
      });

      it.skipIf(skipLive)("a delay within the timeout is only slower", async () => {
        const refId1 = ref("FD");
        await inject(refId1, "delay", "before", { delayMs: 300 });
        const started = Date.now();
        const result = await send(refId1);
        expect(result.ok).toBe(true);
        expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      });

      it.skipIf(skipLive)("an empty HTTP 500: a provider error that may have created it, not retried", async () => {
        const refId1 = ref("F5");
        await inject(refId1, "http500", "after");
        const result = await send(refId1);
        expect(result).toMatchObject({ ok: false, kind: "provider_error", httpStatus: 500, mayExist: true });
        if (!result.ok) expect(failureText(result)).toMatch(/HTTP 500 with an empty answer/);
        expect(wordable(result)).toBe(true);
        expect(await countByRef(refId1)).toBe(1);
      });

      it.skipIf(skipLive)("a 429 is retried after a back-off and creates exactly one request", async () => {
        const refId1 = ref("F4");
        await inject(refId1, "http429", "before");
        const result = await send(refId1);
        expect(result.ok).toBe(true);
        expect(await countByRef(refId1)).toBe(1);
      });

      it.skipIf(skipLive)("429 every time ends as rate limited, nothing created", async () => {
        const refId1 = ref("F44");
        await inject(refId1, "http429", "before", { count: 5 });
        const result = await send(refId1);
        expect(result).toMatchObject({ ok: false, kind: "rate_limited" });
        expect(wordable(result)).toBe(true);
        expect(await countByRef(refId1)).toBe(0);
      });

      it.skipIf(skipLive)("a connection reset: a network failure that may have created it, not retried", async () => {
        const refId1 = ref("FR");
        await inject(refId1, "reset", "after");
        const result = await send(refId1);
        expect(result).toMatchObject({ ok: false, kind: "network", mayExist: true });
        if (!result.ok) expect(failureText(result)).toMatch(/connection was reset/);
        expect(wordable(result)).toBe(true);
        expect(await countByRef(refId1)).toBe(1);
      });

      it.skipIf(skipLive)("malformed JSON: a provider error that may have created it, not retried", async () => {
        const refId1 = ref("FM");
        await inject(refId1, "malformed", "after");
        const result = await send(refId1);
        expect(result).toMatchObject({ ok: false, kind: "provider_error", mayExist: true });
        if (!result.ok) expect(failureText(result)).toMatch(/not JSON/);
        expect(wordable(result)).toBe(true);
        expect(await countByRef(refId1)).toBe(1);
      });

      it.skipIf(skipLive)(
        "a wrong key is an authentication failure and creates nothing; a read-only key is forbidden and creates nothing",
        async () => {
          const original = merchant;
          try {
            const refId1 = ref("FK");
            merchant = api.forMerchant({ ...credentialsOf(sb.coffee), submitKey: "11111111-2222-4333-8444-555555555555" });
            expect(await send(refId1)).toMatchObject({ ok: false, kind: "auth_failed" });
            expect(await countByRef(refId1)).toBe(0);
            const refId1b = ref("FF");
            merchant = api.forMerchant({ ...credentialsOf(sb.coffee), submitKey: sb.coffee.readKey });
            expect(await send(refId1b)).toMatchObject({ ok: false, kind: "forbidden" });
            expect(await countByRef(refId1b)).toBe(0);
          } finally {
            merchant = original;
          }
        },
      );

      it.skipIf(skipLive)("a non-OK envelope is a rejection with the provider's code", async () => {
        const unknownAccount = { type: "saved" as const, accountId: "0b1a7c3e-0000-4000-8000-000000000000" };
        const result =
          operation === "SubmitPayInRequest"
            ? await merchant.submitPayIn(payIn({ amountSatang: 100 })) // below the merchant's 20.00 minimum
            : operation === "SubmitPayInRequestP2P"
              ? await merchant.submitPayInP2P(p2pRequest({ refId1: ref("FE"), payerName: "P", amountSatang: 100, qrProvider: "PP" }))
              : operation === "SubmitPayOutRequest"
                ? await merchant.submitPayOut(payOut({ destination: unknownAccount }))
                : await merchant.submitWithdrawal(payOut({ destination: unknownAccount }));
        if (profile === "live" && operation.includes("PayIn")) expect(result).toMatchObject({ ok: false, kind: "provider_error" });
        else
          expect(result).toMatchObject({
            ok: false,
            kind: "rejected",
            code: operation.includes("PayIn") ? "ERROR_VALUE_NOT_IN_RANGE" : "NOTFOUND",
          });
      });
    },
  );

  it("retries a read after a transient failure", async () => {
    const created = await merchant.submitPayIn(payIn());
    if (!created.ok) throw new Error(failureText(created));
    await sb.control("POST", "/faults", { operation: "GetPaymentRequestById", kind: "http500", match: { requestId: created.data.id } });
    expect(await merchant.getPaymentRequestById(created.data.id)).toMatchObject({ ok: true, data: { id: created.data.id } });
  });

  it("never lets a key into a result, a message or an inspected client", async () => {
    const results = [
      await merchant.submitPayIn(payIn({ amountSatang: 100 })),
      await api.forMerchant({ ...credentialsOf(sb.coffee), submitKey: `${sb.coffee.submitKey}x` }).submitPayIn(payIn()),
      await merchant.submitPayIn(payIn()),
    ];
    const text = JSON.stringify(results) + inspect(merchant, { depth: 5 }) + inspect(api, { depth: 5 });
    expect(text).not.toContain(sb.coffee.submitKey);
    expect(text).not.toContain(sb.coffee.readKey);
    expect(text).not.toContain(Buffer.from(`api:${sb.coffee.submitKey}`).toString("base64"));
  });
});

describe("provider client and the live rate limit", () => {
  const MARGIN_MS = scaled(250);
  it("queues calls at the provider's limit instead of getting 429s", async () => {
    const sb = await startTestSandbox("live", { rateLimit: { count: 5, windowMs: 1_000 } });
    try {
      const api = createPaymentApi({
        baseUrl: sb.url,
        timeoutMs: 5_000,
        // The margin is what a call may take between leaving the limiter and reaching the provider:
        // on a loaded machine more than 100 ms, and a window's calls then reach it with the next's.
        limiter: createMemoryLimiter({ count: 5, windowMs: 1_000, marginMs: MARGIN_MS, maxWaitMs: scaled(10_000) }),
        maxAttempts: 1,
      });
      const m = api.forMerchant(credentialsOf(sb.coffee));
      const started = Date.now();
      const results = await Promise.all(Array.from({ length: 12 }, () => m.submitPayIn(payIn())));
      expect(results.filter((r) => !r.ok)).toEqual([]);
      // 12 calls at 5 per window and margin need two full windows of waiting.
      expect(Date.now() - started).toBeGreaterThanOrEqual(2 * (1_000 + MARGIN_MS));
    } finally {
      await sb.dispose();
    }
  });

  it("gives up with a clear message when the queue would wait too long", async () => {
    const limiter = createMemoryLimiter({ count: 1, windowMs: 10_000, maxWaitMs: 200 });
    const api = createPaymentApi({ baseUrl: "http://127.0.0.1:9", timeoutMs: 200, limiter, maxAttempts: 1 });
    const m = api.forMerchant({ orgId: "o", merchantId: "m", submitKey: "k", readKey: "r", label: "X" });
    const first = await m.submitPayIn(payIn());
    expect(first).toMatchObject({ ok: false, kind: "network" });
    const second = await m.submitPayIn(payIn());
    expect(second).toMatchObject({ ok: false, kind: "busy" });
    if (!second.ok) expect(failureText(second)).toMatch(/Nothing was sent/);
  });
});
