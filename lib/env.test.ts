import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

const REAL_SECRETS = { AUTH_SECRET: "x".repeat(32), ENCRYPTION_KEY: "ab".repeat(32) };

function errorText(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("expected parseEnv to throw");
}

describe("parseEnv", () => {
  it("defaults to demo mode against the bundled sandbox", () => {
    const env = parseEnv({});
    expect(env.isSandbox).toBe(true);
    expect(env.providerBaseUrl).toBe("http://127.0.0.1:4010");
    expect(env.PUBLIC_BASE_URL).toBe("http://127.0.0.1:3000");
    expect(env.dataDir).toBe(path.resolve(".data"));
    expect(env.PAYMENT_API_TIMEOUT_MS).toBe(15_000);
    expect(env.NOTIFY_GATHER_SECONDS).toBe(20);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ PAYMENT_API_BASE_URL: " ", PORT: "" }).isSandbox).toBe(true);
  });

  it("uses a real provider when PAYMENT_API_BASE_URL is set, without a trailing slash", () => {
    const env = parseEnv({
      ...REAL_SECRETS,
      PAYMENT_API_BASE_URL: "https://api.example.com/",
      PUBLIC_BASE_URL: "https://pay.example.co.th",
    });
    expect(env.isSandbox).toBe(false);
    expect(env.providerBaseUrl).toBe("https://api.example.com");
    expect(env.PUBLIC_BASE_URL).toBe("https://pay.example.co.th");
  });

  it.each([
    ["PORT", "abc", /^PORT must be a whole number/],
    ["PORT", "70000", /^PORT /],
    ["PAYMENT_API_BASE_URL", "ftp://x", /^PAYMENT_API_BASE_URL must be an http\(s\) URL/],
    ["PUBLIC_BASE_URL", "not a url", /^PUBLIC_BASE_URL must be an http\(s\) URL/],
    ["SANDBOX_PROFILE", "prod", /^SANDBOX_PROFILE /],
    ["PAYMENT_API_TIMEOUT_MS", "5", /^PAYMENT_API_TIMEOUT_MS /],
    ["PAYMENT_API_RATE_LIMIT", "20 per 10", /^PAYMENT_API_RATE_LIMIT must look like 20\/10s/],
    ["API_RATE_LIMIT", "100 per 10", /^API_RATE_LIMIT must look like 100\/10s/],
    ["API_RATE_LIMIT", "0/10s", /^API_RATE_LIMIT must look like 100\/10s .*more than 0/],
    ["AUTH_SECRET", "short", /^AUTH_SECRET must be at least 32 characters/],
    ["ENCRYPTION_KEY", "abc", /^ENCRYPTION_KEY must be 32 bytes/],
    ["ADMIN_EMAIL", "not-an-email", /^ADMIN_EMAIL must be an e-mail address/],
    ["DATABASE_URL", "mysql://x", /^DATABASE_URL must be a postgres:\/\/ URL/],
    ["PAYMENT_HUB_URL", "ftp://hub", /^PAYMENT_HUB_URL must be an http\(s\) or ws\(s\) URL, or "off"/],
    ["LOG_FORMAT", "pretty", /^LOG_FORMAT must be json or text/],
    ["LOG_LEVEL", "verbose", /^LOG_LEVEL must be debug, info, warn or error/],
    ["NOTIFY_GATHER_SECONDS", "20s", /^NOTIFY_GATHER_SECONDS must be a whole number/],
    ["NOTIFY_GATHER_SECONDS", "7200", /^NOTIFY_GATHER_SECONDS must be at most 3600/],
    ["SMTP_URL", "mail.shop.co.th:587", /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    ["SMTP_URL", "https://mail.shop.co.th", /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    ["NOTIFY_FROM", "PayDesk", /^NOTIFY_FROM must be an e-mail address or "Name <address>"/],
  ])("stops with a sentence naming %s when it is %j", (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(message);
  });

  describe("never prints a value, only the variable and what is wrong with its shape", () => {
    const validKey = "cd".repeat(32);
    const otherValidKey = Buffer.alloc(32, 9).toString("base64");
    it.each([
      ["AUTH_SECRET", "s3cr3t-but-too-short", /^AUTH_SECRET must be at least 32 characters/],
      ["ENCRYPTION_KEY", "ab".repeat(31) + "zz", /^ENCRYPTION_KEY must be 32 bytes/],
      ["ADMIN_PASSWORD", "hunter2", /^ADMIN_PASSWORD must be at least 12 characters/],
      ["METRICS_TOKEN", "short", /^METRICS_TOKEN must be at least 24 characters \(openssl rand -hex 24\)/],
      ["DATABASE_URL", "mysql://paydesk:Pa55w0rd-xyz@db.internal:3306/paydesk", /^DATABASE_URL must be a postgres:\/\/ URL/],
      ["PORT", "3000x", /^PORT must be a whole number/],
      ["SMTP_URL", "smtp//paydesk:Pa55w0rd-xyz@mail.shop.co.th:587", /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    ])("%s", (name, value, message) => {
      const source = { ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "a long enough one", [name]: value };
      expect(() => parseEnv(source)).toThrow(message);
      const text = errorText(() => parseEnv(source));
      expect(text).not.toContain(value);
      // Not even a telling piece of it (the password inside a URL, a prefix of a key).
      expect(text).not.toContain("Pa55w0rd");
      expect(text).not.toContain(value.slice(0, 8));
    });

    it("ENCRYPTION_KEYS_PREVIOUS: says which entry is wrong, and prints neither it nor the valid keys beside it", () => {
      const bad = "not-a-key-at-all";
      const text = errorText(() => parseEnv({ ENCRYPTION_KEYS_PREVIOUS: `${validKey}, ${bad},${otherValidKey}` }));
      expect(text).toMatch(/^ENCRYPTION_KEYS_PREVIOUS must be a comma-separated list of 32-byte keys: entry 2 of 3 is not/);
      for (const secret of [validKey, otherValidKey, bad, validKey.slice(0, 8), otherValidKey.slice(0, 8)])
        expect(text).not.toContain(secret);
    });
  });

  it("takes TRUSTED_PROXIES as IPv4 and IPv6 addresses and ranges, none by default", () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXIES: "10.0.0.0/8, 192.0.2.7,::1, 2001:db8::/32" }).TRUSTED_PROXIES).toEqual([
      "10.0.0.0/8",
      "192.0.2.7",
      "::1",
      "2001:db8::/32",
    ]);
    for (const bad of ["10.0.0.0/33", "proxy.internal", "10.0.0.1,", "::1/129", "10.0.0.0/8/8"]) {
      expect(() => parseEnv({ TRUSTED_PROXIES: bad })).toThrow(
        /^TRUSTED_PROXIES must be a comma-separated list of IP addresses and CIDR ranges \(10\.0\.0\.0\/8, ::1\): entry \d of \d is not one/,
      );
    }
  });

  it("points customers' browsers at the provider's hub over WebSocket, unless told otherwise", () => {
    expect(parseEnv({}).hubBaseUrl).toBe("ws://127.0.0.1:4010");
    expect(parseEnv({ ...REAL_SECRETS, PAYMENT_API_BASE_URL: "https://api.example.com" }).hubBaseUrl).toBe("wss://api.example.com");
    expect(parseEnv({ PAYMENT_HUB_URL: "https://rt.example.com/" }).hubBaseUrl).toBe("wss://rt.example.com");
    expect(parseEnv({ PAYMENT_HUB_URL: "wss://rt.example.com" }).hubBaseUrl).toBe("wss://rt.example.com");
    expect(parseEnv({ PAYMENT_HUB_URL: "off" }).hubBaseUrl).toBeNull();
  });

  it("requires chosen secrets with a real provider", () => {
    expect(() => parseEnv({ PAYMENT_API_BASE_URL: "https://api.example.com" })).toThrow(
      /^AUTH_SECRET is required when PAYMENT_API_BASE_URL is set/,
    );
    expect(() => parseEnv({ PAYMENT_API_BASE_URL: "https://api.example.com", AUTH_SECRET: "x".repeat(32) })).toThrow(
      /^ENCRYPTION_KEY is required/,
    );
  });

  it("takes an SMTP server as smtp:// or smtps://, and a sender as an address or a name and an address", () => {
    expect(parseEnv({ SMTP_URL: "smtp://paydesk:secret@mail.shop.co.th:587" }).SMTP_URL).toBe("smtp://paydesk:secret@mail.shop.co.th:587");
    expect(parseEnv({ SMTP_URL: "smtps://mail.shop.co.th:465" }).SMTP_URL).toBe("smtps://mail.shop.co.th:465");
    expect(parseEnv({ NOTIFY_FROM: "PayDesk <paydesk@shop.co.th>" }).NOTIFY_FROM).toBe("PayDesk <paydesk@shop.co.th>");
    expect(parseEnv({ NOTIFY_FROM: "paydesk@shop.co.th" }).NOTIFY_FROM).toBe("paydesk@shop.co.th");
    expect(parseEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });

  it("takes the encryption key as hex or base64", () => {
    expect(parseEnv({ ENCRYPTION_KEY: "ab".repeat(32) }).ENCRYPTION_KEY).toBeDefined();
    expect(parseEnv({ ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") }).ENCRYPTION_KEY).toBeDefined();
  });

  it("wants the first admin's e-mail and password together", () => {
    expect(() => parseEnv({ ADMIN_EMAIL: "a@b.co" })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD are set together/);
  });
});
