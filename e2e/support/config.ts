/**
 * Where the end-to-end tests point, and which Chromium they drive. Playwright's own browser
 * download cannot reach its servers here, so Debian's Chromium is used (README, Testing).
 */
import fs from "node:fs";
import path from "node:path";

const external = process.env.E2E_BASE_URL?.trim() || "";
const appPort = Number(process.env.E2E_APP_PORT ?? 3610);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4610);
const mailPort = Number(process.env.E2E_MAIL_PORT ?? 5610);

export const E2E = {
  /** True when testing a deployed PayDesk: no servers are started. */
  external: external !== "",
  baseUrl: external ? external.replace(/\/+$/, "") : `http://127.0.0.1:${appPort}`,
  /**
   * The console at a host name, for passkeys (browsers refuse them at an IP address): PayDesk's
   * CONSOLE_URL. Against a deployed PayDesk, E2E_CONSOLE_URL; unset, the passkey specs skip.
   */
  consoleUrl: external ? process.env.E2E_CONSOLE_URL?.trim().replace(/\/+$/, "") || null : `http://localhost:${appPort}`,
  appPort,
  sandboxPort,
  /** The sandbox's control API, when the provider is the sandbox; null otherwise. */
  sandboxUrl: external ? process.env.E2E_SANDBOX_URL?.trim().replace(/\/+$/, "") || null : `http://127.0.0.1:${sandboxPort}`,
  /**
   * The SMTP server PayDesk's staff e-mail goes to (`mailPort`, e2e/support/mail-inbox.ts) and the
   * HTTP port (`mailPort + 1`) the specs read what it received from; null against a deployed PayDesk.
   */
  mail: external ? null : { smtpPort: mailPort, inboxUrl: `http://127.0.0.1:${mailPort + 1}` },
  dataDir: path.resolve(process.env.E2E_DATA_DIR ?? ".data/e2e"),
  /**
   * Specs that start servers of their own (a Postgres, another PayDesk) take consecutive ports from
   * here (E2E_OWN_PORTS_FROM), for a machine where each run keeps to its own range; unset → free ports.
   */
  ownPortsFrom: Number(process.env.E2E_OWN_PORTS_FROM) || null,
};

/**
 * How much slower than a quiet 2-core machine this one may be: every time budget in the e2e suite
 * (the test timeout, expect's, the servers' start-up, each spec's own) is multiplied by it.
 * TEST_TIME_FACTOR sets it; unset, 2 in CI (shared runners are often busy) and 1 elsewhere. The same
 * variable scales Vitest's budgets (vitest.config.ts). Tests assert behaviour, not speed: a longer
 * budget only makes a failure take longer to report.
 */
export const TIME_FACTOR = Number(process.env.TEST_TIME_FACTOR) || (process.env.CI ? 2 : 1);

/** A time budget in milliseconds, scaled by TIME_FACTOR: `test.setTimeout(budget(60_000))`. */
export const budget = (ms: number): number => Math.round(ms * TIME_FACTOR);

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

const firstThere = (candidates: Array<string | undefined>): string | undefined =>
  candidates.find((candidate): candidate is string => Boolean(candidate && fs.existsSync(candidate)));

/** The browser a payer or a member of staff has: the benchmarks measure pages in it (bench/). */
export function chromiumPath(): string | undefined {
  return firstThere([process.env.PLAYWRIGHT_CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"]);
}

/**
 * The browser the end-to-end tests drive: Chromium's headless shell when it is installed (Debian's
 * `chromium-headless-shell`, the same engine without the full browser's window machinery), else
 * Chromium itself. The same spec costs the shell about half the CPU (docs/DESIGN.md §19), which on
 * a two-core runner is most of what the suite waits for. PLAYWRIGHT_CHROMIUM_PATH picks another.
 */
export function testBrowserPath(): string | undefined {
  return firstThere([
    process.env.PLAYWRIGHT_CHROMIUM_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ]);
}
