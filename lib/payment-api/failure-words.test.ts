import { describe, expect, it } from "vitest";
import { DETAILS, describeFailure, detailWords, readFailure, type FailureFacts } from "./failure-words";
import { failures, type CallContext } from "./result";

const THAI_SCRIPT = /[\u0E00-\u0E7F]/;
const MAY_EXIST = " The request may or may not have been created; PayDesk checks with the provider before anything is sent again.";
const RETRY = " Try again in a moment.";

/**
 * One or more of every kind, with the English the client has always written for it: the keyed
 * record makes the compiler ask for a new kind here.
 */
const EXAMPLES: Record<FailureFacts["kind"], Array<[FailureFacts, string]>> = {
  rejected: [[{ kind: "rejected", code: "ERROR_NO_P2P_ACCOUNT_MATCH", description: "no match" }, "No pending pay-out can take this P2P payment right now; try a normal Pay-In or later. (ERROR_NO_P2P_ACCOUNT_MATCH)"]],
  auth_failed: [
    [
      { kind: "auth_failed", orgId: "org-demo", merchantLabel: "Siam Coffee (main) shop" },
      "The provider rejected the API key for org org-demo (Siam Coffee (main) shop). The key may be wrong, disabled or expired: enter the current key in the merchant's settings.",
    ],
  ],
  forbidden: [
    [{ kind: "forbidden", missing: "role", operation: "SubmitPayOutRequest" }, "This merchant's API key lacks the role for creating Pay-Out requests. Ask the provider for a key with that role."],
    [{ kind: "forbidden", missing: "role", operation: "SomethingNew" }, "This merchant's API key lacks the role for SomethingNew. Ask the provider for a key with that role."],
    [
      { kind: "forbidden", missing: "read_key", merchantLabel: "Siam Coffee" },
      "Siam Coffee has no read (VIEWER) key in PayDesk, so PayDesk cannot look requests up at the provider; outcomes depend on webhooks alone.",
    ],
  ],
  rate_limited: [[{ kind: "rate_limited" }, "The provider is limiting how fast PayDesk may call it (HTTP 429). Nothing was created; try again in a few seconds."]],
  busy: [[{ kind: "busy", waitMs: 12_400 }, "The call would have had to wait 12 s for the provider's capacity (its rate limit), longer than PayDesk lets it wait. Nothing was sent; try again shortly."]],
  provider_error: [
    [{ kind: "provider_error", detail: "HTTP 500 with an empty answer", mayExist: true }, `The provider failed to answer properly (HTTP 500 with an empty answer).${MAY_EXIST}`],
    [{ kind: "provider_error", detail: "an answer PayDesk cannot read (paymentResponse: Invalid input)", mayExist: false }, `The provider failed to answer properly (an answer PayDesk cannot read (paymentResponse: Invalid input)).${RETRY}`],
    [{ kind: "provider_error", detail: "something PayDesk never wrote", mayExist: true }, `The provider failed to answer properly (something PayDesk never wrote).${MAY_EXIST}`],
  ],
  timeout: [
    [{ kind: "timeout", timeoutMs: 3_000, mayExist: true }, `The provider did not answer within 3 s.${MAY_EXIST}`],
    [{ kind: "timeout", timeoutMs: 10_000, mayExist: false }, `The provider did not answer within 10 s.${RETRY}`],
  ],
  network: [
    [{ kind: "network", host: "127.0.0.1:4750", detail: "the connection was refused", mayExist: true }, `PayDesk could not reach the provider at 127.0.0.1:4750 (the connection was refused).${MAY_EXIST}`],
    [{ kind: "network", host: "api.provider.example", detail: "network error EPIPE", mayExist: false }, `PayDesk could not reach the provider at api.provider.example (network error EPIPE).${RETRY}`],
  ],
};
const ALL = Object.values(EXAMPLES).flat();

describe("a provider call's failure in words", () => {
  it("keeps the client's English exactly as it was", () => {
    for (const [facts, english] of ALL) expect(describeFailure(facts, "en")).toBe(english);
  });

  it("has Thai for every kind: not empty, in Thai script, not a copy of the English", () => {
    const problems: string[] = [];
    for (const [facts] of ALL) {
      const th = describeFailure(facts, "th").trim();
      const label = JSON.stringify(facts);
      if (!th) problems.push(`${label}: no Thai`);
      if (!THAI_SCRIPT.test(th)) problems.push(`${label}: no Thai script`);
      if (th === describeFailure(facts, "en")) problems.push(`${label}: the Thai is the English`);
    }
    expect(problems).toEqual([]);
  });

  it("says in Thai what the English says: the timeout, the host, whether the request may exist", () => {
    expect(describeFailure({ kind: "timeout", timeoutMs: 3_000, mayExist: true }, "th")).toBe(
      "ผู้ให้บริการไม่ตอบกลับภายใน 3 วินาที คำขออาจถูกสร้างขึ้นแล้วหรือยังก็ได้ PayDesk จะตรวจสอบกับผู้ให้บริการก่อนส่งซ้ำทุกครั้ง",
    );
    expect(describeFailure({ kind: "network", host: "127.0.0.1:4750", detail: "the connection was refused", mayExist: false }, "th")).toBe(
      "PayDesk ติดต่อผู้ให้บริการที่ 127.0.0.1:4750 ไม่ได้ (ปลายทางปฏิเสธการเชื่อมต่อ) โปรดลองอีกครั้งในอีกสักครู่",
    );
    expect(describeFailure({ kind: "forbidden", missing: "role", operation: "SubmitPayOutRequest" }, "th")).toBe("API key ของร้านค้านี้ไม่มีสิทธิ์สร้างคำขอ Pay-Out โปรดขอคีย์ที่มีสิทธิ์นี้จากผู้ให้บริการ");
    // A detail PayDesk does not know stays as it is, inside the Thai sentence.
    expect(describeFailure({ kind: "provider_error", detail: "something PayDesk never wrote", mayExist: true }, "th")).toMatch(/^ผู้ให้บริการตอบกลับไม่ถูกต้อง \(something PayDesk never wrote\) /);
  });

  it("reads every stored English sentence back, so it can be worded again in Thai", () => {
    for (const [facts, english] of ALL) {
      if (facts.kind === "rejected") continue; // its code and reason are stored beside it
      const read = readFailure(english);
      expect(read, english).not.toBeNull();
      expect(describeFailure(read!, "th")).toBe(describeFailure(facts, "th"));
      expect(describeFailure(read!, "en")).toBe(english);
    }
  });

  it("reads back what the client's own builders write", () => {
    const c: CallContext = { operation: "SubmitPayInRequest", merchantLabel: "Coffee", orgId: "org-1", isSubmit: true, timeoutMs: 3_000, baseUrl: "http://127.0.0.1:4750/" };
    for (const failure of [failures.authFailed(c, 401), failures.forbidden(c), failures.noReadKey("Coffee"), failures.rateLimited(), failures.busy(30_000), failures.providerError(c, 502, DETAILS.emptyAnswer.en.fill({ status: 502 })), failures.timeout(c), failures.network(c, DETAILS.connectionReset.en.fill({}))]) {
      expect(readFailure(failure.message), failure.message).toMatchObject({ kind: failure.kind });
    }
    expect(readFailure(failures.timeout(c).message)).toEqual({ kind: "timeout", timeoutMs: 3_000, mayExist: true });
    expect(readFailure(failures.network(c, "the connection was reset").message)).toEqual({ kind: "network", host: "127.0.0.1:4750", detail: "the connection was reset", mayExist: true });
  });

  it("does not take other text for a failure", () => {
    for (const text of ["", "Slip amount does not match", "The provider did not answer within soon s. Try again in a moment.", "The provider did not answer within 3 s.", "nothing to check while pending"]) {
      expect(readFailure(text), text).toBeNull();
    }
  });
});

describe("what went wrong on the wire, in words", () => {
  it("has Thai for every detail, and words each one in Thai", () => {
    const values = { status: 502, part: "paymentResponse", issue: "Invalid input", code: "EPIPE" };
    for (const [name, words] of Object.entries(DETAILS)) {
      const en = words.en.fill(values);
      const th = detailWords(en, "th");
      expect(th, name).toBe(words.th.fill(values));
      // "HTTP 502" is the same in both languages; every other detail has words of its own.
      if (name !== "httpStatus") {
        expect(th, name).not.toBe(en);
        expect(th, name).toMatch(THAI_SCRIPT);
      }
    }
  });

  it("keeps an unknown detail as it is, and English as it is", () => {
    expect(detailWords("a brand-new problem", "th")).toBe("a brand-new problem");
    expect(detailWords("the answer stalled", "en")).toBe("the answer stalled");
    expect(detailWords("HTTP 503 with an empty answer", "th")).toBe("HTTP 503 โดยไม่มีเนื้อหาคำตอบ");
  });
});
