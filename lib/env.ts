/* eslint-disable max-lines -- one unit: the one schema of every variable PayDesk reads, and its resolution (docs/DESIGN.md §3.1) */
/**
 * The one validated environment (docs/STYLE.md habit 4): nothing else in PayDesk reads process.env.
 * A missing or malformed variable stops the start with a sentence naming it. Empty strings count
 * as unset, so `FOO=` in a .env file means "use the default".
 */
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const emptyAsUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const wholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );
const port = (fallback: number) => wholeNumber(1, 65_535, fallback);
const httpUrl = z.preprocess(
  emptyAsUndefined,
  z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
);

const schema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(["development", "production", "test"]).default("development")),
  /** Where PayDesk listens. One host name everywhere: cookies and links are per host. */
  BIND_HOST: z.preprocess(emptyAsUndefined, z.string().default("127.0.0.1")),
  PORT: port(3000),
  /** The address customers and the provider reach PayDesk at; prefixes slip links and webhooks. */
  PUBLIC_BASE_URL: httpUrl,
  /**
   * Where staff open the console, when not at PUBLIC_BASE_URL. Passkeys are bound to its host name
   * (lib/auth/passkeys.ts); browsers refuse them for an IP address, so with one they are off.
   */
  CONSOLE_URL: httpUrl,
  /** The provider. Unset → the bundled sandbox on SANDBOX_PORT (demo mode). */
  PAYMENT_API_BASE_URL: httpUrl,
  SANDBOX_PORT: port(4010),
  /**
   * The provider's real-time hub as customers' phones reach it (its origin, http(s) or ws(s)); the
   * checkout page adds the request's websocketPath. Unset → the provider's base URL. "off" → the
   * page follows PayDesk's own status stream only.
   */
  PAYMENT_HUB_URL: z.preprocess(
    emptyAsUndefined,
    z
      .union([z.literal("off"), z.url({ protocol: /^(https?|wss?)$/, error: 'must be an http(s) or ws(s) URL, or "off"' })])
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
  ),
  SANDBOX_PROFILE: z.preprocess(emptyAsUndefined, z.enum(["spec", "live"]).default("spec")),
  /** A real Postgres (postgres://user:pass@host:5432/db). Unset → the embedded PGlite in DATA_DIR/pglite. */
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
  ),
  /** Embedded database and sandbox state live here. */
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default(".data")),
  /** Provider call timeout. */
  PAYMENT_API_TIMEOUT_MS: wholeNumber(100, 120_000, 15_000),
  /** The provider's rate limit, shared by every PayDesk instance on one database ("off" to disable). */
  PAYMENT_API_RATE_LIMIT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(off|\d+\/\d+s)$/, "must look like 20/10s (requests per seconds) or off")
      .default("20/10s"),
  ),
  /** How long a staff call may queue for the rate limit before staff are told to retry (lib/provider/limiter.ts LANE_WAIT_MS has the others'). */
  PAYMENT_API_MAX_QUEUE_MS: wholeNumber(0, 600_000, 10_000),
  /** Calls each merchant API key may make per window, shared by every instance (lib/merchant-api/http/rate.ts). */
  API_RATE_LIMIT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[1-9]\d*\/[1-9]\d*s$/, "must look like 100/10s (requests per seconds, both more than 0)")
      .default("100/10s"),
  ),
  /** The header the provider's admin sets on PayDesk's webhooks, carrying the merchant's shared secret. */
  WEBHOOK_SECRET_HEADER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, "must be an HTTP header name")
      .default("X-PayDesk-Webhook-Secret"),
  ),
  /**
   * Postgres connections of the provider webhooks' intake, apart from the rest of PayDesk's pool,
   * in every instance (lib/provider-webhooks/intake.ts). Each stores a webhook in a millisecond or two.
   */
  WEBHOOK_INTAKE_POOL_SIZE: wholeNumber(1, 20, 2),
  /** How often the reconciliation loop looks for requests due a check with the provider. */
  RECONCILE_POLL_MS: wholeNumber(100, 600_000, 2_000),
  /** Outbound webhooks: the most deliveries one endpoint has in flight at once, all instances together. */
  OUTBOUND_MAX_IN_FLIGHT: wholeNumber(1, 100, 10),
  /**
   * Outbound webhooks to loopback, private and link-local addresses (a receiver on this machine or
   * the office network). Off unless set, except in demo mode (the sandbox), where it is on.
   */
  OUTBOUND_ALLOW_PRIVATE_ADDRESSES: z.preprocess(
    emptyAsUndefined,
    z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  ),
  /** Outbound webhooks: how many days the delivery log keeps events and their attempts. */
  OUTBOUND_LOG_RETENTION_DAYS: wholeNumber(1, 3_650, 30),
  /**
   * Bulk Pay-Out files: how many days back a line paying the same recipient the same amount as a
   * line of another confirmed file of the merchant is flagged (lib/bulk/duplicates.ts); 0 checks
   * within the file only.
   */
  BULK_DUPLICATE_DAYS: wholeNumber(0, 365, 30),
  /**
   * The reverse proxies in front of PayDesk (IPs and CIDR ranges, IPv4 and IPv6, comma-separated).
   * Only a connection from one of them may say who the client is (X-Forwarded-For); unset, nobody
   * may (lib/http/request-ip.ts).
   */
  TRUSTED_PROXIES: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .superRefine((value, context) => {
        const entries = value.split(",");
        const bad = entries.findIndex((entry) => !isAddressOrRange(entry.trim()));
        if (bad >= 0)
          context.addIssue({
            code: "custom",
            message: `must be a comma-separated list of IP addresses and CIDR ranges (10.0.0.0/8, ::1): entry ${bad + 1} of ${entries.length} is not one`,
          });
      })
      .transform((value) => value.split(",").map((entry) => entry.trim()))
      .default([]),
  ),
  /** Signs staff session cookies. Required with a real provider; generated into DATA_DIR in demo mode. */
  AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional()),
  /**
   * Encrypts the merchants' API keys at rest (AES-256-GCM): 32 bytes as 64 hex characters or base64.
   * Required with a real provider; generated into DATA_DIR in demo mode. Old keys for rotation:
   * ENCRYPTION_KEYS_PREVIOUS, comma-separated.
   */
  ENCRYPTION_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().refine(isKey32, "must be 32 bytes as 64 hex characters or base64 (openssl rand -hex 32)").optional(),
  ),
  ENCRYPTION_KEYS_PREVIOUS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .superRefine((value, context) => {
        const keys = value.split(",");
        const bad = keys.findIndex((key) => !isKey32(key));
        // Its position, not its text: the valid keys sit beside it in the same variable.
        if (bad >= 0)
          context.addIssue({
            code: "custom",
            message: `must be a comma-separated list of 32-byte keys: entry ${bad + 1} of ${keys.length} is not one`,
          });
      })
      .optional(),
  ),
  /** The first admin, created on first start when no staff user exists. */
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email("must be an e-mail address").optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(12, "must be at least 12 characters").optional()),
  /** The log's shape and least level (lib/ops/log.ts reads them itself; checked here so a typo stops the start in words). */
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(["json", "text"], "must be json or text").optional()),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(["debug", "info", "warn", "error"], "must be debug, info, warn or error").optional()),
  /**
   * The SMTP server staff e-mail goes through (lib/notify): smtp://user:pass@host:587 (STARTTLS
   * when offered) or smtps://user:pass@host:465. Unset: no e-mail is sent; what would have been is
   * still recorded.
   */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => URL.canParse(value) && ["smtp:", "smtps:"].includes(new URL(value).protocol), "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  /** The sender of that e-mail: an address, or a name and an address ("PayDesk <paydesk@shop.co.th>"). */
  NOTIFY_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an e-mail address or "Name <address>"')
      .optional(),
  ),
  /**
   * How long staff news (e-mail) waits before it is due, so that what is held together (a bulk
   * file's lines, a busy minute) reaches each person as one e-mail (lib/notify/outbox.ts).
   */
  NOTIFY_GATHER_SECONDS: wholeNumber(0, 3_600, 20),
  /** The bearer token a Prometheus server scrapes /api/metrics with; unset, that route answers 404. */
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(24, "must be at least 24 characters (openssl rand -hex 24)").optional()),
  /** Where traces go by OTLP/HTTP (lib/ops/tracing.ts): the traces URL, or a collector's base URL; neither: no tracing. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl,
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl,
  /**
   * LINE's Messaging API and its account-link dialog (lib/line): LINE's own unless set; in demo mode
   * the sandbox's LINE stand-in (sandbox/line).
   */
  LINE_API_BASE_URL: httpUrl,
  LINE_ACCESS_BASE_URL: httpUrl,
  /** The service name the traces carry; default paydesk. */
  OTEL_SERVICE_NAME: z.preprocess(emptyAsUndefined, z.string().max(100).optional()),
});

function isAddressOrRange(value: string): boolean {
  const [address = "", prefix, ...rest] = value.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

function isKey32(value: string): boolean {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return true;
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) && Buffer.from(text, "base64").length === 32;
}

/** The 32 key bytes of an ENCRYPTION_KEY value. */
export function keyBytes(value: string): Buffer {
  const text = value.trim();
  return /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
}

export type RawEnv = z.output<typeof schema>;

export interface Env extends RawEnv {
  PUBLIC_BASE_URL: string;
  /** The provider's base URL, resolved (the sandbox's when PAYMENT_API_BASE_URL is unset). */
  providerBaseUrl: string;
  /** ws(s):// origin of the provider's hub for browsers, or null when turned off. */
  hubBaseUrl: string | null;
  /** True when PayDesk runs against its own sandbox: demo data, sandbox controls in the console. */
  isSandbox: boolean;
  /** LINE's Messaging API and account-link origins, resolved (the sandbox's stand-in in demo mode). */
  lineApiBaseUrl: string;
  lineAccessBaseUrl: string;
  /** Whether outbound webhooks may go to private addresses (OUTBOUND_ALLOW_PRIVATE_ADDRESSES, on in demo mode). */
  outboundAllowPrivate: boolean;
  /** The console's origin and the passkeys' relying-party id (its host name); null when that is an IP address. */
  passkeySite: { origin: string; rpId: string } | null;
  dataDir: string;
  sandboxDataDir: string;
}

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    // The variable and what is wrong with its shape, never its value: this goes to stderr and the
    // logs, and many of these values are secrets (AUTH_SECRET, keys, DATABASE_URL's password).
    throw new EnvError(`${name} ${issue?.message ?? "is invalid"}. See README.md, Configuration.`);
  }
  const env = parsed.data;
  const isSandbox = env.PAYMENT_API_BASE_URL === undefined;
  if (!isSandbox) {
    // With a real provider, secrets must be chosen by the operator, never generated on the fly.
    for (const name of ["AUTH_SECRET", "ENCRYPTION_KEY"] as const) {
      if (!env[name])
        throw new EnvError(`${name} is required when PAYMENT_API_BASE_URL is set (a real provider). See README.md, Configuration.`);
    }
  }
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new EnvError("ADMIN_EMAIL and ADMIN_PASSWORD are set together (the first admin's sign-in). See README.md, Configuration.");
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const providerBaseUrl = env.PAYMENT_API_BASE_URL ?? `http://127.0.0.1:${env.SANDBOX_PORT}`;
  const hub = env.PAYMENT_HUB_URL ?? providerBaseUrl;
  const publicBaseUrl = env.PUBLIC_BASE_URL ?? `http://${env.BIND_HOST}:${env.PORT}`;
  const consoleUrl = new URL(env.CONSOLE_URL ?? publicBaseUrl);
  const consoleHost = consoleUrl.hostname.replace(/^\[|\]$/g, "");
  return {
    ...env,
    PUBLIC_BASE_URL: publicBaseUrl,
    providerBaseUrl,
    hubBaseUrl: hub === "off" ? null : hub.replace(/^http/, "ws"),
    isSandbox,
    lineApiBaseUrl: env.LINE_API_BASE_URL ?? (isSandbox ? providerBaseUrl : "https://api.line.me"),
    lineAccessBaseUrl: env.LINE_ACCESS_BASE_URL ?? (isSandbox ? providerBaseUrl : "https://access.line.me"),
    outboundAllowPrivate: env.OUTBOUND_ALLOW_PRIVATE_ADDRESSES === undefined ? isSandbox : env.OUTBOUND_ALLOW_PRIVATE_ADDRESSES === "true",
    passkeySite: isIP(consoleHost) ? null : { origin: consoleUrl.origin, rpId: consoleHost },
    dataDir,
    sandboxDataDir: path.join(dataDir, "sandbox"),
  };
}

/**
 * The log's two settings, read apart from the rest and without judging them (lib/ops/log.ts): the
 * log must work while `env()` refuses the environment, that refusal being itself a log line.
 * `env()` checks the same two strictly, so a value PayDesk cannot use still stops the start.
 */
export function logEnvironment(): { LOG_FORMAT?: string; LOG_LEVEL?: string } {
  return { LOG_FORMAT: process.env.LOG_FORMAT, LOG_LEVEL: process.env.LOG_LEVEL };
}

let cached: Env | undefined;

/** The process's environment, validated once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
