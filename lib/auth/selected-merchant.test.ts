import { describe, expect, it } from "vitest";
import type { MerchantSummary } from "../merchants/queries";
import { pickMerchant } from "./selected-merchant";

const merchant = (id: string) => ({ id, displayName: id }) as MerchantSummary;

describe("the console's selected merchant", () => {
  const list = [merchant("mer_a"), merchant("mer_b")];

  it("is the one in the cookie while the person may still see it", () => {
    expect(pickMerchant(list, "mer_b").selected?.id).toBe("mer_b");
  });

  it("falls back to the first visible merchant for a missing, stale or out-of-scope cookie", () => {
    expect(pickMerchant(list, undefined).selected?.id).toBe("mer_a");
    expect(pickMerchant(list, "mer_gone").selected?.id).toBe("mer_a");
  });

  it("is none when the person sees no merchant", () => {
    expect(pickMerchant([], "mer_a")).toEqual({ merchants: [], selected: null });
  });
});
