/**
 * Stopping a PayDesk server as an orchestrator does (SIGTERM) while a browser holds one of its event
 * streams (lib/shutdown.ts): the server ends the stream and exits within seconds, rather than waiting
 * for a stream that never ends by itself; the readiness check says so until then, and the browser's
 * page reconnects by itself. This spec starts its own PayDesk (own data folder, embedded database)
 * beside the sandbox the Playwright config runs.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../lib/db/testing/postgres-server";
import { budget, E2E } from "../support/config";
import { startOwnInstance } from "../support/own-instance";
import { expect, test } from "../support/sandbox";

let child: ChildProcess | null = null;
let output = "";

test.describe("stopping a server", () => {
  test.describe.configure({ timeout: budget(120_000) });
  test.skip(E2E.external, "starts its own PayDesk");

  test.afterEach(async ({}, testInfo) => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("instance output", { body: output, contentType: "text/plain" });
  });

  test("SIGTERM with a console page's live stream open: the stream ends, the server exits within seconds", async ({ page }, testInfo) => {
    // Its own folder per run: PGlite takes one process per folder, and repeats may run side by side.
    const dataDir = path.resolve(`.data/e2e-shutdown-${testInfo.workerIndex}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(path.join(dataDir, "sandbox"), { recursive: true });
    fs.copyFileSync(path.join(E2E.dataDir, "sandbox", "credentials.json"), path.join(dataDir, "sandbox", "credentials.json"));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = startOwnInstance({ port, dataDir });
    child = server;
    const keep = (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-65_536));
    server.stdout?.on("data", keep);
    server.stderr?.on("data", keep);
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));

    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await fetch(`${url}/api/health/ready`).catch(() => null);
      if (answer?.status === 200) {
        expect(await answer.json()).toEqual({ ready: true });
        break;
      }
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`PayDesk did not become ready:\n${output.slice(-2_000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await (await fetch(`${url}/api/health/live`)).json()).toEqual({ live: true });

    // A person on the webhooks page: its live stream is open.
    const { users } = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-users.json"), "utf8")) as {
      users: { email: string; password: string; role?: string; isDisabled?: boolean }[];
    };
    const admin = users.find((u) => u.role === "admin" && !u.isDisabled)!;
    await page.context().clearCookies();
    const streamOpened = page.waitForResponse((r) => (r.headers()["content-type"] ?? "").startsWith("text/event-stream"));
    await page.goto(`${url}/login?callbackUrl=/webhooks`);
    await page.getByLabel(/Email|อีเมล/).fill(admin.email);
    await page.getByLabel(/Password|รหัสผ่าน/).fill(admin.password);
    await page.getByRole("button", { name: /^(Sign in|เข้าสู่ระบบ)$/ }).click();
    await page.waitForURL(`${url}/webhooks`);
    await streamOpened;

    const signalled = Date.now();
    server.kill("SIGTERM");
    const code = await Promise.race([exited, new Promise<"still running">((r) => setTimeout(() => r("still running"), 10_000))]);
    // Next.js exits with 128 + the signal's number once its requests are done.
    expect(code, output.slice(-2_000)).toBe(143);
    console.log(`[graceful-shutdown] exited ${Date.now() - signalled} ms after SIGTERM`);
    // The log line, in whichever shape the log takes (JSON here: the instance's output is a pipe).
    expect(output).toMatch(/SIGTERM: stopping; ended [1-9]\d* event stream\(s\)/);
  });
});
