/**
 * A database outage: PayDesk (the production build) on a real Postgres this spec starts, stops and
 * starts again. While it is down, console pages and the sign-in page say "PayDesk cannot reach its
 * database" in the browser's language, instead of the framework's error; once it is back, pages
 * work again without restarting PayDesk. A form sent meanwhile gets the action door's own words and a
 * reference, and PayDesk's error output (LOG_FORMAT=json) stays one JSON object per line, Next's
 * own included. It uses the sandbox the Playwright config already runs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "@playwright/test";
import { findPostgresBin, freePort, startPostgres, type PostgresServer } from "../../lib/db/testing/postgres-server";
import { budget, E2E } from "../support/config";

const dataDir = path.resolve(".data/e2e-database-outage");
const ownPort = async (offset: number) => (E2E.ownPortsFrom ? E2E.ownPortsFrom + offset : freePort());
let server: PostgresServer | null = null;
let paydesk: ChildProcess | null = null;
let url = "";
/** What this spec's PayDesk wrote to stderr. */
let errorOutput = "";

async function waitFor(address: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${address} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${address}/login`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${address} did not start`);
}

test.describe("a database outage", () => {
  test.describe.configure({ mode: "serial", timeout: budget(120_000) });
  test.skip(E2E.external, "starts its own PayDesk and Postgres");
  test.skip(!findPostgresBin(), "Debian's postgresql is not installed (npm test installs it)");

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(90_000);
    server = await startPostgres(findPostgresBin()!, { port: await ownPort(0) });
    fs.rmSync(dataDir, { recursive: true, force: true });
    // Demo mode loads the e2e sandbox's merchants from its credentials.
    fs.mkdirSync(path.join(dataDir, "sandbox"), { recursive: true });
    fs.copyFileSync(path.join(E2E.dataDir, "sandbox", "credentials.json"), path.join(dataDir, "sandbox", "credentials.json"));
    const port = await ownPort(1);
    url = `http://127.0.0.1:${port}`;
    paydesk = spawn("node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: server.url("postgres"),
        DATA_DIR: dataDir,
        SANDBOX_PORT: String(E2E.sandboxPort),
        PAYMENT_API_BASE_URL: "",
        PUBLIC_BASE_URL: url,
        NEXT_TELEMETRY_DISABLED: "1",
        LOG_FORMAT: "json",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    paydesk.stderr!.on("data", (chunk: Buffer) => {
      errorOutput += chunk.toString("utf8");
    });
    await waitFor(url, paydesk);
  });

  test.afterAll(async () => {
    paydesk?.kill("SIGTERM");
    server?.stop();
  });

  test("console pages and sign-in say the database cannot be reached, in the browser's language, and work again when it is back", async ({
    browser,
  }) => {
    const { users } = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-users.json"), "utf8")) as {
      users: { email: string; password: string; role?: string; isDisabled?: boolean }[];
    };
    const admin = users.find((u) => u.role === "admin" && !u.isDisabled)!;
    // Contexts of their own (axe needs one per page), on this spec's PayDesk.
    const staff = await (await browser.newContext({ baseURL: url, locale: "en-GB" })).newPage();
    await staff.goto("/login?callbackUrl=/requests");
    await staff.getByLabel("Email").fill(admin.email);
    await staff.getByLabel("Password").fill(admin.password);
    await staff.getByRole("button", { name: "Sign in", exact: true }).click();
    await staff.waitForURL(`${url}/requests`);
    await expect(staff.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(staff.getByTestId("database-unreachable")).toHaveCount(0);
    // A form loaded before the outage and sent during it.
    const form = await staff.context().newPage();
    await form.goto("/account/password");
    await expect(form.getByTestId("password-form")).toBeVisible();

    await server!.halt("fast");
    await form.getByLabel("Current password").fill("not my password");
    await form.getByLabel("New password", { exact: true }).fill("a new long password");
    await form.getByLabel("New password again").fill("a new long password");
    await form.getByRole("button", { name: "Save password" }).click();
    // The door's words and reference, not "a connection problem" from a 500.
    await expect(form.getByTestId("password-error")).toHaveText(/^Something went wrong on our side \(reference E-[0-9A-F]{6}\)\./);
    const reference = /E-[0-9A-F]{6}/.exec((await form.getByTestId("password-error").textContent())!)![0];
    await form.close();
    const unreachable = staff.getByRole("heading", { level: 1, name: "PayDesk cannot reach its database" });
    // A move within the console (only the page is rendered again, app/(console)/error.tsx), then a full load (the layout).
    await staff.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Provider webhooks" }).click();
    await expect(unreachable).toBeVisible();
    await expectNoAxeViolations(staff);
    await staff.goto("/requests");
    await expect(unreachable).toBeVisible();
    await expectNoAxeViolations(staff);

    // Signed out, in Thai: the sign-in page says it too.
    const visitor = await (await browser.newContext({ baseURL: url, locale: "th-TH" })).newPage();
    await visitor.goto("/login");
    await expect(visitor.getByTestId("database-unreachable")).toContainText("PayDesk ติดต่อฐานข้อมูลไม่ได้");
    await expectNoAxeViolations(visitor);

    await server!.start();
    await staff.goto("/requests");
    await expect(staff.getByTestId("database-unreachable")).toHaveCount(0);
    await expect(staff.getByRole("navigation", { name: "Console" })).toBeVisible();
    await visitor.goto("/login");
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitor.getByTestId("database-unreachable")).toHaveCount(0);

    // Every line PayDesk wrote to stderr meanwhile is one JSON object: the door's (with the form's
    // reference) and Next's own for the pages that failed.
    const lines = errorOutput.split("\n").filter((line) => line.trim() !== "");
    const notJson = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== "object";
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    expect(lines.some((line) => line.includes(`"reference":"${reference}"`))).toBe(true);
  });
});
