/**
 * One project per kind of test, each with its own folder: `console` (e2e/console: staff pages on a
 * desktop, signed in), `customer` (e2e/customer: the customer's pages on a phone, Thai, Bangkok
 * time), `api` (e2e/api: plain HTTP, no page drawn) and `alone` (e2e/alone: tests that change a
 * rule for everyone, run after the others, by themselves). All depend on `setup`
 * (e2e/support/auth.setup.ts), which signs in once per role and keeps each browser state, so console
 * tests start signed in (as the demo admin, or E2E_USER_EMAIL on a deployed PayDesk).
 * Locally the config starts the sandbox and a production build of PayDesk on their own ports
 * and data folder; with E2E_BASE_URL set it starts nothing and tests a deployed PayDesk, and tests
 * that need the sandbox's control API skip unless E2E_SANDBOX_URL points at a sandbox.
 * docs/DESIGN.md §10 says how the suite is laid out and how to run one project alone.
 */
import { defineConfig, devices } from "@playwright/test";
import { storageStatePath } from "./e2e/support/auth-users";
import { budget, CHROMIUM_ARGS, testBrowserPath, E2E } from "./e2e/support/config";
import { PHONE } from "./e2e/support/phone";

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Every budget scales with TEST_TIME_FACTOR (e2e/support/config.ts), the one knob for a slow machine.
  timeout: budget(30_000),
  expect: { timeout: budget(5_000) },
  // E2E_REPORT: where the JSON report goes (npm test's run against a deployed PayDesk keeps its own).
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT || ".test-reports/e2e-results.json" }]],
  use: {
    baseURL: E2E.baseUrl,
    // A failed test keeps a screenshot and, outside CI, its trace (every action with the page's DOM
    // at that moment); no screencast in the trace: encoding frames of every page all run long cost
    // the 2-core machine more than any one test. In CI (`CI` set) traces are off unless
    // E2E_TRACE=on: recording every action of every passing test to keep a failing one's cost about
    // a tenth of the e2e phase's CPU, and the suite is CPU-bound (docs/DESIGN.md §19).
    trace: process.env.CI && process.env.E2E_TRACE !== "on" ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true },
    screenshot: "only-on-failure",
    launchOptions: { executablePath: testBrowserPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    {
      // One step per role and one for the API keys, each retried in place and never blocking the
      // others (e2e/support/auth.setup.ts says how a failure is still counted and named).
      name: "setup",
      testDir: "./e2e/support",
      testMatch: "auth.setup.ts",
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      // Staff pages on a desktop, in English, signed in (as the demo admin unless a test picks a role).
      name: "console",
      testDir: "./e2e/console",
      dependencies: ["setup"],
      use: { ...devices["Desktop Chrome"], channel: undefined, storageState: storageStatePath("default") },
    },
    {
      // The customer's pages on a phone, in Thai, Bangkok time, signed out. Their requests are made
      // through the merchant API with the keys the setup project stores.
      name: "customer",
      testDir: "./e2e/customer",
      dependencies: ["setup"],
      use: PHONE,
    },
    {
      // Plain HTTP against the server (action posts, forwarded-for): no page is drawn.
      name: "api",
      testDir: "./e2e/api",
      dependencies: ["setup"],
      use: { storageState: storageStatePath("default") },
    },
    {
      // Tests that change a rule for everyone (the two-factor rule for a role): they run after the
      // others have finished, alone, and put the rule back.
      name: "alone",
      testDir: "./e2e/alone",
      dependencies: ["console", "customer", "api"],
      use: { ...devices["Desktop Chrome"], channel: undefined, storageState: storageStatePath("default") },
    },
  ],
  webServer: E2E.external
    ? undefined
    : [
        {
          name: "sandbox",
          command: "node --import tsx sandbox/main.ts",
          url: `${E2E.sandboxUrl}/health`,
          reuseExistingServer: false,
          timeout: budget(30_000),
          env: {
            SANDBOX_PORT: String(E2E.sandboxPort),
            SANDBOX_DATA_DIR: `${E2E.dataDir}/sandbox`,
            SANDBOX_QUIET: "1",
            SANDBOX_WEBHOOK_URL: `${E2E.baseUrl}/api/webhooks/payment`,
          },
        },
        {
          name: "mail",
          command: "node --import tsx e2e/support/mail-inbox.ts",
          url: `${E2E.mail!.inboxUrl}/health`,
          reuseExistingServer: false,
          timeout: budget(30_000),
        },
        {
          name: "paydesk",
          command: `node_modules/.bin/next start -p ${E2E.appPort} -H 127.0.0.1`,
          url: E2E.baseUrl,
          reuseExistingServer: false,
          timeout: budget(60_000),
          env: {
            PORT: String(E2E.appPort),
            PAYMENT_API_BASE_URL: "",
            SANDBOX_PORT: String(E2E.sandboxPort),
            DATA_DIR: E2E.dataDir,
            // A provider timeout and a reconciliation poll short enough for "a lost answer settles by
            // itself" to be tested in seconds (e2e/create-timeout.spec.ts).
            PAYMENT_API_TIMEOUT_MS: "3000",
            RECONCILE_POLL_MS: "500",
            // The spec-profile sandbox has no rate limit; PayDesk's own 20/10 s budget would only make
            // the reconciliation loop and the tests queue behind each other.
            PAYMENT_API_RATE_LIMIT: "off",
            PUBLIC_BASE_URL: E2E.baseUrl,
            // Staff reach the same server as localhost for passkeys (e2e/passkeys.spec.ts).
            CONSOLE_URL: E2E.consoleUrl ?? "",
            // The specs stand in for a reverse proxy on 127.0.0.1: each gives itself a client address
            // in X-Forwarded-For (sign-in throttle, slip budgets). e2e/forwarded-for.spec.ts connects
            // from 127.0.0.2, which is not trusted.
            TRUSTED_PROXIES: "127.0.0.1",
            // Staff e-mail goes to the run's own SMTP server (e2e/approvals.spec.ts reads it).
            SMTP_URL: `smtp://127.0.0.1:${E2E.mail!.smtpPort}`,
            NOTIFY_FROM: "PayDesk <paydesk@shop.example>",
            // Each held Pay-Out in e2e/approvals.spec.ts is alone: 20 s of gathering would be waiting only.
            NOTIFY_GATHER_SECONDS: "2",
            NEXT_TELEMETRY_DISABLED: "1",
          },
        },
      ],
});
