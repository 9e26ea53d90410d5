import { describe, expect, it } from "vitest";
import type { FailureFacts, WireDetail } from "../provider/failure";
import { describeFailure, detailWords } from "./failures";
import { factsOf, failures, type CallContext } from "../provider/result";

const THAI_SCRIPT = /[\u0E00-\u0E7F]/;
const MAY_EXIST = " The request may or may not have been created; PayDesk checks with the provider before anything is sent again.";
const RETRY = " Try again in a moment.";

/**
 * One or more of every kind, with the English the client has always written for it: the keyed
 * record makes the compiler ask for a new kind here.
 */
const EXAMPLES: Record<FailureFacts["kind"], Array<[FailureFacts, string]>> = {
  rejected: [
    [
      { kind: "rejected", code: "ERROR_NO_P2P_ACCOUNT_MATCH", description: "no match" },
      "No pending pay-out can take this P2P payment right now; try a normal Pay-In or later. (ERROR_NO_P2P_ACCOUNT_MATCH)",
    ],
  ],
  auth_failed: [
    [
      { kind: "auth_failed", orgId: "org-demo", merchantLabel: "Siam Coffee (main) shop" },
      "The provider rejected the API key for org org-demo (Siam Coffee (main) shop). The key may be wrong, disabled or expired: enter the current key in the merchant's settings.",
    ],
  ],
  forbidden: [
    [
      { kind: "forbidden", missing: "role", operation: "SubmitPayOutRequest" },
      "This merchant's API key lacks the role for creating Pay-Out requests. Ask the provider for a key with that role.",
    ],
    [
      { kind: "forbidden", missing: "role", operation: "SomethingNew" },
      "This merchant's API key lacks the role for SomethingNew. Ask the provider for a key with that role.",
    ],
    [
      { kind: "forbidden", missing: "read_key", merchantLabel: "Siam Coffee" },
      "Siam Coffee has no read (VIEWER) key in PayDesk, so PayDesk cannot look requests up at the provider; outcomes depend on webhooks alone.",
    ],
  ],
  rate_limited: [
    [
      { kind: "rate_limited" },
      "The provider is limiting how fast PayDesk may call it (HTTP 429). Nothing was created; try again in a few seconds.",
    ],
  ],
  busy: [
    [
      { kind: "busy", waitMs: 12_400 },
      "The call would have had to wait 12 s for the provider's capacity (its rate limit), longer than PayDesk lets it wait. Nothing was sent; try again shortly.",
    ],
  ],
  provider_error: [
    [
      { kind: "provider_error", detail: { what: "empty_answer", status: 500 }, mayExist: true },
      `The provider failed to answer properly (HTTP 500 with an empty answer).${MAY_EXIST}`,
    ],
    [
      { kind: "provider_error", detail: { what: "unreadable_part", part: "paymentResponse", issue: "Invalid input" }, mayExist: false },
      `The provider failed to answer properly (an answer PayDesk cannot read (paymentResponse: Invalid input)).${RETRY}`,
    ],
    [
      { kind: "provider_error", detail: { what: "text", text: "something PayDesk never wrote" }, mayExist: true },
      `The provider failed to answer properly (something PayDesk never wrote).${MAY_EXIST}`,
    ],
  ],
  timeout: [
    [{ kind: "timeout", timeoutMs: 3_000, mayExist: true }, `The provider did not answer within 3 s.${MAY_EXIST}`],
    [{ kind: "timeout", timeoutMs: 10_000, mayExist: false }, `The provider did not answer within 10 s.${RETRY}`],
  ],
  network: [
    [
      { kind: "network", host: "127.0.0.1:4750", detail: { what: "connection_refused" }, mayExist: true },
      `PayDesk could not reach the provider at 127.0.0.1:4750 (the connection was refused).${MAY_EXIST}`,
    ],
    [
      { kind: "network", host: "api.provider.example", detail: { what: "network", code: "EPIPE" }, mayExist: false },
      `PayDesk could not reach the provider at api.provider.example (network error EPIPE).${RETRY}`,
    ],
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
    expect(
      describeFailure({ kind: "network", host: "127.0.0.1:4750", detail: { what: "connection_refused" }, mayExist: false }, "th"),
    ).toBe("PayDesk ติดต่อผู้ให้บริการที่ 127.0.0.1:4750 ไม่ได้ (ปลายทางปฏิเสธการเชื่อมต่อ) โปรดลองอีกครั้งในอีกสักครู่");
    expect(describeFailure({ kind: "forbidden", missing: "role", operation: "SubmitPayOutRequest" }, "th")).toBe(
      "API key ของร้านค้านี้ไม่มีสิทธิ์สร้างคำขอ Pay-Out โปรดขอคีย์ที่มีสิทธิ์นี้จากผู้ให้บริการ",
    );
    // A detail PayDesk does not know stays as it is, inside the Thai sentence.
    expect(
      describeFailure({ kind: "provider_error", detail: { what: "text", text: "something PayDesk never wrote" }, mayExist: true }, "th"),
    ).toMatch(/^ผู้ให้บริการตอบกลับไม่ถูกต้อง \(something PayDesk never wrote\) /);
  });

  it("are built as facts by the client, with nothing worded before they are shown", () => {
    const c: CallContext = {
      operation: "SubmitPayInRequest",
      merchantLabel: "Coffee",
      orgId: "org-1",
      isSubmit: true,
      timeoutMs: 3_000,
      baseUrl: "http://127.0.0.1:4750/",
    };
    expect(factsOf(failures.timeout(c))).toEqual({ kind: "timeout", timeoutMs: 3_000, mayExist: true });
    expect(factsOf(failures.network(c, { what: "connection_reset" }))).toEqual({
      kind: "network",
      host: "127.0.0.1:4750",
      detail: { what: "connection_reset" },
      mayExist: true,
    });
    // What the wire said beside the facts (the HTTP status) is not part of them.
    expect(factsOf(failures.providerError(c, 502, { what: "empty_answer", status: 502 }))).toEqual({
      kind: "provider_error",
      detail: { what: "empty_answer", status: 502 },
      mayExist: true,
    });
    expect(JSON.stringify(failures.authFailed(c, 401))).not.toMatch(/rejected the API key/);
  });
});

describe("what went wrong on the wire, in words", () => {
  const EVERY: Record<WireDetail["what"], WireDetail> = {
    empty_answer: { what: "empty_answer", status: 502 },
    not_json: { what: "not_json", status: 502 },
    unexpected_status: { what: "unexpected_status", status: 204 },
    http_status: { what: "http_status", status: 503 },
    unreadable_part: { what: "unreadable_part", part: "paymentResponse", issue: "Invalid input" },
    no_status: { what: "no_status" },
    unreadable_payout: { what: "unreadable_payout" },
    not_a_list: { what: "not_a_list" },
    unreadable_list: { what: "unreadable_list" },
    connection_reset: { what: "connection_reset" },
    connection_refused: { what: "connection_refused" },
    host_unknown: { what: "host_unknown" },
    stalled: { what: "stalled" },
    network: { what: "network", code: "EPIPE" },
    read_threw: { what: "read_threw", error: "Cannot read properties of undefined" },
    text: { what: "text", text: "a brand-new problem" },
  };

  it("has Thai for every detail PayDesk writes", () => {
    for (const [name, detail] of Object.entries(EVERY)) {
      const en = detailWords(detail, "en");
      const th = detailWords(detail, "th");
      // "HTTP 503" is the same in both languages, and someone else's text stays as it is.
      if (name === "http_status" || name === "text") expect(th, name).toBe(en);
      else {
        expect(th, name).not.toBe(en);
        expect(th, name).toMatch(THAI_SCRIPT);
      }
    }
  });

  it("words each detail with its values", () => {
    expect(detailWords({ what: "empty_answer", status: 503 }, "en")).toBe("HTTP 503 with an empty answer");
    expect(detailWords({ what: "empty_answer", status: 503 }, "th")).toBe("HTTP 503 โดยไม่มีเนื้อหาคำตอบ");
    expect(detailWords({ what: "network", code: null }, "en")).toBe("network error");
    expect(detailWords({ what: "network", code: "EPIPE" }, "th")).toBe("เครือข่ายขัดข้อง (EPIPE)");
  });
});
