/**
 * The `setup` project: signs in once per role and saves each browser state, so console tests
 * start signed in (playwright.config.ts gives the `console` project the default state; a test
 * picks another role with test.use({ storageState: storageStatePath("viewer") })); and, as the
 * admin, makes the merchant API keys that tests use to make their requests (e2e/support/api.ts).
 *
 * Each step is a test of its own, named for what it does, and they run in parallel. A step is
 * tried up to three times (a sign-in is a password hash and a console page: on a loaded machine
 * one can run out of time); each try that failed is recorded as a `setup-retry` annotation, which
 * the closing summary lists as flaky. A step that fails every try does not fail the project: that
 * would keep every other test from running, hiding what would have passed. It records a
 * `setup-failed` annotation instead, which the summary counts as a failure and names; the tests
 * that need what it would have made fail saying so (no state file for that role; the API key
 * store says why), and the others run.
 */
import fs from "node:fs";
import path from "node:path";
import { test as setup } from "@playwright/test";
import { recordKeySetupFailure, makeTestDataKeys } from "./api";
import { anyUser, demoUser, ROLES, signIn, storageStatePath, type Role } from "./auth-users";
import { budget } from "./config";

const EMPTY_STATE = { cookies: [], origins: [] };
const TRIES = 3;

/** Runs `step` up to TRIES times; answers the last error when every try failed, else null. */
async function tried(step: () => Promise<void>): Promise<string | null> {
  let last = "";
  for (let attempt = 1; attempt <= TRIES; attempt += 1) {
    try {
      await step();
      return null;
    } catch (error) {
      last = error instanceof Error ? error.message.split("\n").slice(0, 4).join(" ") : String(error);
      if (attempt < TRIES) setup.info().annotations.push({ type: "setup-retry", description: `try ${attempt} failed: ${last}` });
    }
  }
  return last;
}

for (const role of [...ROLES, "default"] as const) {
  setup(`sign in as ${role} and keep the browser state`, async ({ browser }) => {
    setup.setTimeout(budget(TRIES * 40_000));
    const file = storageStatePath(role);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.rmSync(file, { force: true });
    // "default" is whoever can sign in (E2E_USER_EMAIL on a deployed PayDesk, else the demo admin).
    const user = role === "default" ? anyUser() : demoUser(role as Role);
    if (!user) {
      // Nobody to sign in as: a signed-out state, and the tests that need the role skip, saying why.
      fs.writeFileSync(file, JSON.stringify(EMPTY_STATE));
      return;
    }
    const failed = await tried(async () => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await signIn(page, user);
        await context.storageState({ path: file });
      } finally {
        await context.close();
      }
    });
    // No state file: a test that needs this role fails opening it, naming the file.
    if (failed) setup.info().annotations.push({ type: "setup-failed", description: `signing in as ${role} (${user.email}): ${failed}` });
  });
}

setup("make a merchant API key per demo merchant, as the admin, for the tests' requests", async ({ browser }) => {
  setup.setTimeout(budget(TRIES * 50_000));
  const admin = demoUser("admin");
  const failed = await tried(async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // Its own sign-in, so this step runs beside the others instead of after the admin's.
      if (admin) await signIn(page, admin);
      await makeTestDataKeys(page);
    } finally {
      await context.close();
    }
  });
  if (failed) {
    recordKeySetupFailure(failed);
    setup.info().annotations.push({ type: "setup-failed", description: `making the merchant API keys: ${failed}` });
  }
});
