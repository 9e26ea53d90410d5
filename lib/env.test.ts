import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("defaults to demo mode against the bundled sandbox", () => {
    const env = parseEnv({});
    expect(env.isSandbox).toBe(true);
    expect(env.providerBaseUrl).toBe("http://127.0.0.1:4010");
    expect(env.PUBLIC_BASE_URL).toBe("http://127.0.0.1:3000");
    expect(env.dataDir).toBe(path.resolve(".data"));
    expect(env.PAYMENT_API_TIMEOUT_MS).toBe(15_000);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ PAYMENT_API_BASE_URL: " ", PORT: "" }).isSandbox).toBe(true);
  });

  it("uses a real provider when PAYMENT_API_BASE_URL is set, without a trailing slash", () => {
    const env = parseEnv({ PAYMENT_API_BASE_URL: "https://api.example.com/", PUBLIC_BASE_URL: "https://pay.example.co.th" });
    expect(env.isSandbox).toBe(false);
    expect(env.providerBaseUrl).toBe("https://api.example.com");
    expect(env.PUBLIC_BASE_URL).toBe("https://pay.example.co.th");
  });

  it.each([
    ["PORT", "abc", /^PORT .*\(it is "abc"\)/],
    ["PORT", "70000", /^PORT /],
    ["PAYMENT_API_BASE_URL", "ftp://x", /^PAYMENT_API_BASE_URL must be an http\(s\) URL/],
    ["PUBLIC_BASE_URL", "not a url", /^PUBLIC_BASE_URL must be an http\(s\) URL/],
    ["SANDBOX_PROFILE", "prod", /^SANDBOX_PROFILE /],
    ["PAYMENT_API_TIMEOUT_MS", "5", /^PAYMENT_API_TIMEOUT_MS /],
  ])("stops with a sentence naming %s when it is %j", (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(message);
  });
});
