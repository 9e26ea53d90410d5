/**
 * The sandbox's own configuration. The sandbox is a separate process from PayDesk, so it reads
 * its environment here rather than through lib/env.ts; nothing else in sandbox/ reads process.env.
 */
import path from "node:path";

export type Profile = "spec" | "live";

export interface SandboxConfig {
  host: string;
  port: number;
  profile: Profile;
  /** Where state.jsonl and credentials.json live. */
  dataDir: string;
  /** Origin used in paymentUrl; PayDesk's own public URL is prefixed to slipUploadUrl by PayDesk. */
  publicUrl: string | null;
  /** Where the seeded merchants deliver webhooks, and the shared-secret header they send. */
  webhookUrl: string | null;
  webhookHeader: string;
  webhookSecret: string | null;
  maxBodyBytes: number;
  /** Requests per window per client; null = unlimited. The live provider allows 20 per 10 s (§8.1). */
  rateLimit: { count: number; windowMs: number } | null;
  expirySweepMs: number;
  hubPingMs: number;
  quiet: boolean;
  /** The LINE stand-in's channel (sandbox/line): fixed, so PayDesk's demo connects with no setup. */
  line: { channelSecret: string; channelAccessToken: string; botName: string };
}

/** The LINE stand-in's channel credentials unless SANDBOX_LINE_CHANNEL_SECRET / _TOKEN say otherwise (not secrets: a stand-in's). */
export const SANDBOX_LINE_CHANNEL = {
  channelSecret: "5a4e3d2c1b0a99887766554433221100",
  channelAccessToken: "sandbox-line-channel-access-token-0123456789abcdefghijklmnopqrstuvwxyz",
};

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

export function readSandboxConfig(env: Env = process.env, overrides: Partial<SandboxConfig> = {}): SandboxConfig {
  const profile = oneOf(env, "SANDBOX_PROFILE", ["spec", "live"], "spec");
  const config: SandboxConfig = {
    host: str(env, "SANDBOX_HOST") ?? "127.0.0.1",
    port: int(env, "SANDBOX_PORT", 4010, 0, 65_535),
    profile,
    dataDir: path.resolve(str(env, "SANDBOX_DATA_DIR") ?? path.join(".data", "sandbox")),
    publicUrl: url(env, "SANDBOX_PUBLIC_URL"),
    webhookUrl: url(env, "SANDBOX_WEBHOOK_URL"),
    webhookHeader: str(env, "SANDBOX_WEBHOOK_HEADER") ?? "X-PayDesk-Webhook-Secret",
    webhookSecret: str(env, "SANDBOX_WEBHOOK_SECRET") ?? null,
    maxBodyBytes: int(env, "SANDBOX_MAX_BODY_BYTES", 15 * 1024 * 1024, 1_024, 100 * 1024 * 1024),
    rateLimit: rateLimit(env, profile === "live" ? "20/10s" : "off"),
    expirySweepMs: int(env, "SANDBOX_EXPIRY_SWEEP_MS", 2_000, 50, 3_600_000),
    hubPingMs: int(env, "SANDBOX_HUB_PING_MS", 15_000, 100, 60_000),
    quiet: str(env, "SANDBOX_QUIET") === "1",
    line: {
      channelSecret: str(env, "SANDBOX_LINE_CHANNEL_SECRET") ?? SANDBOX_LINE_CHANNEL.channelSecret,
      channelAccessToken: str(env, "SANDBOX_LINE_CHANNEL_TOKEN") ?? SANDBOX_LINE_CHANNEL.channelAccessToken,
      botName: str(env, "SANDBOX_LINE_BOT_NAME") ?? "PayDesk Sandbox",
    },
  };
  return { ...config, ...overrides };
}

function str(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === "" ? undefined : value;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; it is "${raw}".`);
  }
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(", ")}; it is "${raw}".`);
  }
  return raw as T;
}

function url(env: Env, name: string): string | null {
  const raw = str(env, name);
  if (raw === undefined) return null;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error("scheme");
    return raw.replace(/\/+$/, "");
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL such as http://127.0.0.1:3000; it is "${raw}".`);
  }
}

function rateLimit(env: Env, fallback: string): SandboxConfig["rateLimit"] {
  const raw = str(env, "SANDBOX_RATE_LIMIT") ?? fallback;
  if (raw === "off") return null;
  const match = /^(\d+)\/(\d+)s$/.exec(raw);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new ConfigError(`SANDBOX_RATE_LIMIT must look like 20/10s (requests per seconds) or "off"; it is "${raw}".`);
  }
  return { count: Number(match[1]), windowMs: Number(match[2]) * 1000 };
}
