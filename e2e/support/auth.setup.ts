/**
 * The `setup` project: signs in once per role and saves each browser state, so console tests
 * start signed in (playwright.config.ts gives the `console` project the default state; a test
 * picks another role with test.use({ storageState: storageStatePath("viewer") })). Then, as the
 * admin, it makes the merchant API keys that tests use to make their requests (e2e/support/api.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { test as setup } from "@playwright/test";
import { makeTestDataKeys } from "./api";
import { anyUser, demoUser, ROLES, signIn, storageStatePath } from "./auth-users";

const EMPTY_STATE = { cookies: [], origins: [] };

// The keys are made with the admin's state the first test saves.
setup.describe.configure({ mode: "serial" });

setup("sign in once per role and keep the browser state", async ({ browser }) => {
  // Five sign-ins in a row, each a password hash and a console page: more than 30 s on a loaded machine.
  setup.setTimeout(120_000);
  fs.mkdirSync(path.dirname(storageStatePath("default")), { recursive: true });
  const save = async (user: NonNullable<ReturnType<typeof anyUser>>, ...files: string[]) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, user);
    for (const file of files) await context.storageState({ path: file });
    await context.close();
  };

  for (const role of ROLES) {
    const user = demoUser(role);
    if (user) await save(user, storageStatePath(role));
    else fs.writeFileSync(storageStatePath(role), JSON.stringify(EMPTY_STATE));
  }
  const fallback = anyUser();
  // Without any account the state stays signed out; tests that need a session skip, saying why.
  if (fallback) await save(fallback, storageStatePath("default"));
  else fs.writeFileSync(storageStatePath("default"), JSON.stringify(EMPTY_STATE));
});

setup("make a merchant API key per demo merchant, as the admin, for the tests' requests", async ({ browser }) => {
  setup.setTimeout(90_000);
  const context = await browser.newContext({ storageState: storageStatePath("admin") });
  try {
    await makeTestDataKeys(await context.newPage());
  } finally {
    await context.close();
  }
});
