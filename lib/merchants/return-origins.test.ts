import { describe, expect, it } from "vitest";
import { isAllowedReturnUrl, parseOrigin, withPaydeskId } from "./return-origins";

describe("return origins", () => {
  it("normalises what an admin types, and refuses paths, queries, credentials and plain http", () => {
    expect(parseOrigin(" https://Shop.Example.com/ ")).toEqual({ ok: true, origin: "https://shop.example.com" });
    expect(parseOrigin("https://shop.example.com:443")).toEqual({ ok: true, origin: "https://shop.example.com" });
    expect(parseOrigin("http://localhost:4000")).toEqual({ ok: true, origin: "http://localhost:4000" });
    expect(parseOrigin("http://shop.example.com")).toEqual({ ok: false, problem: "scheme" });
    expect(parseOrigin("https://shop.example.com/return")).toEqual({ ok: false, problem: "has_path" });
    expect(parseOrigin("https://shop.example.com/?x=1")).toEqual({ ok: false, problem: "has_path" });
    expect(parseOrigin("https://user@shop.example.com")).toEqual({ ok: false, problem: "has_path" });
    expect(parseOrigin("shop.example.com")).toEqual({ ok: false, problem: "not_url" });
    expect(parseOrigin("javascript:alert(1)")).toEqual({ ok: false, problem: "not_url" });
  });

  it("allows a URL only under a listed origin, exactly", () => {
    const origins = ["https://shop.example.com", "http://127.0.0.1:4000"];
    expect(isAllowedReturnUrl("https://shop.example.com/orders/7?x=1", origins)).toBe(true);
    expect(isAllowedReturnUrl("https://SHOP.example.com/orders/7", origins)).toBe(true);
    expect(isAllowedReturnUrl("http://127.0.0.1:4000/return", origins)).toBe(true);
    for (const bad of [
      "https://shop.example.com.evil.com/",
      "https://shop.example.com@evil.com/",
      "https://evil.com/?https://shop.example.com",
      "http://shop.example.com/",
      "https://shop.example.com:8443/",
      "https://user:pw@shop.example.com/",
      "javascript:alert(document.cookie)",
      "data:text/html,hi",
      "//shop.example.com/x",
      "http://127.0.0.1:4001/return",
      `https://shop.example.com/${"a".repeat(2000)}`,
    ]) {
      expect(isAllowedReturnUrl(bad, origins), bad).toBe(false);
    }
    expect(isAllowedReturnUrl("https://shop.example.com/", [])).toBe(false);
  });

  it("adds PayDesk's id to the query, keeping what was there", () => {
    expect(withPaydeskId("https://shop.example.com/return?order=7#top", "req_1")).toBe(
      "https://shop.example.com/return?order=7&paydesk_id=req_1#top",
    );
  });
});
