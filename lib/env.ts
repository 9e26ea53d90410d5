/**
 * The one validated environment (STYLE.md habit 4): nothing else in PayDesk reads process.env.
 * A missing or malformed variable stops the start with a sentence naming it. Empty strings count
 * as unset, so `FOO=` in a .env file means "use the default".
 */
import path from "node:path";
import { z } from "zod";

const emptyAsUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const port = (fallback: number) => z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65_535).default(fallback));
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
  /** The provider. Unset → the bundled sandbox on SANDBOX_PORT (demo mode). */
  PAYMENT_API_BASE_URL: httpUrl,
  SANDBOX_PORT: port(4010),
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
  PAYMENT_API_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(120_000).default(15_000)),
});

export type RawEnv = z.output<typeof schema>;

export interface Env extends RawEnv {
  PUBLIC_BASE_URL: string;
  /** The provider's base URL, resolved (the sandbox's when PAYMENT_API_BASE_URL is unset). */
  providerBaseUrl: string;
  /** True when PayDesk runs against its own sandbox: demo data, sandbox controls in the console. */
  isSandbox: boolean;
  dataDir: string;
  sandboxDataDir: string;
}

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    const value = source[name];
    throw new EnvError(`${name} ${issue?.message ?? "is invalid"}${value === undefined ? "" : ` (it is "${value}")`}. See README.md, Configuration.`);
  }
  const env = parsed.data;
  const isSandbox = env.PAYMENT_API_BASE_URL === undefined;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    PUBLIC_BASE_URL: env.PUBLIC_BASE_URL ?? `http://${env.BIND_HOST}:${env.PORT}`,
    providerBaseUrl: env.PAYMENT_API_BASE_URL ?? `http://127.0.0.1:${env.SANDBOX_PORT}`,
    isSandbox,
    dataDir,
    sandboxDataDir: path.join(dataDir, "sandbox"),
  };
}

let cached: Env | undefined;

/** The process's environment, validated once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
