import { describe, expect, it } from "vitest";
import type { MerchantSummary } from "../merchants/queries";
import { ALL_MERCHANTS, pickMerchant } from "./selected-merchant";

const merchant = (id: string) => ({ id, displayName: id }) as MerchantSummary;

describe("the console's selected merchant", () => {
  const list = [merchant("mer_a"), merchant("mer_b")];

  it("is the one in the cookie while the person may still see it", () => {
    expect(pickMerchant(list, "mer_b")).toMatchObject({ selected: { id: "mer_b" }, scope: "mer_b" });
  });

  it("is all merchants when chosen, and for a missing, stale or out-of-scope cookie: never a first one by alphabet", () => {
    for (const cookie of [ALL_MERCHANTS, undefined, "mer_gone"])
      expect(pickMerchant(list, cookie)).toMatchObject({ selected: null, scope: ALL_MERCHANTS });
  });

  it("is the only merchant of someone who has one, whatever the cookie says", () => {
    for (const cookie of [ALL_MERCHANTS, undefined, "mer_gone"])
      expect(pickMerchant([merchant("mer_b")], cookie)).toMatchObject({ selected: { id: "mer_b" }, scope: "mer_b" });
  });

  it("is none when the person sees no merchant", () => {
    expect(pickMerchant([], "mer_a")).toEqual({ merchants: [], selected: null, scope: ALL_MERCHANTS });
  });
});
