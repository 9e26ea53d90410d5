/**
 * A confirmation read that throws inside PayDesk (a bug, not the provider) confirms nothing and is
 * kept as a fact, worded where it is shown, in either language.
 */
import { describe, expect, it } from "vitest";
import type { MerchantApi } from "../provider/client";
import { detailWords } from "../provider-words/failures";
import { createConfirmationBatcher } from "./confirm-batch";

const GROUP = { merchantRowId: "mer_a", direction: "PayIn", status: "Paid" } as const;

/** A client whose read of one record throws, as a bug in PayDesk's own reading would. */
const throwingApi = {
  getPaymentRequestById: () => Promise.reject(new TypeError("Cannot read properties of undefined")),
} as unknown as MerchantApi;

describe("a confirmation read that throws", () => {
  it("resolves as a provider error whose detail is the fact read_threw with the error's message", async () => {
    const batcher = createConfirmationBatcher({ windowMs: 1 });
    const result = await batcher.read(throwingApi, GROUP, "AB12-CD", new Date());
    expect(result).toEqual({
      ok: false,
      kind: "provider_error",
      httpStatus: null,
      mayExist: false,
      detail: { what: "read_threw", error: "Cannot read properties of undefined" },
    });
    if (result.ok || result.kind !== "provider_error") return;
    expect(detailWords(result.detail, "en")).toBe(
      "reading the provider's record failed inside PayDesk: Cannot read properties of undefined",
    );
    expect(detailWords(result.detail, "th")).toMatch(/^การอ่านรายการจากผู้ให้บริการล้มเหลว/);
  });
});
