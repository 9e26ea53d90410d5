import { describe, expect, it } from "vitest";
import { createMessages } from "./messages";

describe("the RefId1 hint", () => {
  it.each(["en", "th"] as const)("mentions the QR only for a Pay-In, which has one (%s)", (locale) => {
    const t = createMessages(locale);
    expect(t.refId1Hint(false)).toMatch(/QR/);
    expect(t.refId1Hint(true)).not.toMatch(/QR/);
    expect(t.refId1Hint(true)).toMatch(/25/);
  });
});
