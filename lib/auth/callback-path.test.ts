import { describe, expect, it } from "vitest";
import { CONSOLE_HOME, safeCallbackPath, safeRelativePath } from "./callback-path";

describe("callback path after sign-in", () => {
  it("keeps a path on this site, with its query", () => {
    expect(safeCallbackPath("/audit")).toBe("/audit");
    expect(safeCallbackPath("/requests?merchant=mer_1&kind=payout#top")).toBe("/requests?merchant=mer_1&kind=payout#top");
    expect(safeCallbackPath("/")).toBe("/");
  });

  it("refuses anything that leaves the site, or loops back to sign-in", () => {
    for (const bad of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "/\u0000x",
      "evil",
      "",
      "/login",
      "/login?callbackUrl=/audit",
      "/api/auth/signout",
      undefined,
      null,
      42,
      `/${"a".repeat(3000)}`,
    ]) {
      expect(safeCallbackPath(bad)).toBe(CONSOLE_HOME);
    }
    // Encoded line breaks stay encoded: a path, not a header.
    expect(safeCallbackPath("/%0d%0aSet-Cookie:x")).toBe("/%0d%0aSet-Cookie:x");
    expect(safeCallbackPath("https://evil.example/", "/")).toBe("/");
  });

  it("lets next-auth's redirects (sign-out) go to /login, but never off the site", () => {
    expect(safeRelativePath("/login", "/")).toBe("/login");
    expect(safeRelativePath("//evil.example", "/")).toBe("/");
    expect(safeRelativePath("https://evil.example/login", "/")).toBe("/");
  });
});
