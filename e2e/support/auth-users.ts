/**
 * Who the end-to-end tests sign in as. Locally: the demo users PayDesk creates on first start
 * (DATA_DIR/demo-users.json, lib/auth/bootstrap.ts). Against a deployed PayDesk: one account per
 * role from E2E_USERS (a JSON file of the same shape as demo-users.json, or that JSON itself), else
 * the one account in E2E_USER_EMAIL / E2E_USER_PASSWORD; a test that needs a role nobody was given
 * for skips, saying why (`skipWithoutRole`).
 */
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { E2E } from "./config";

export type Role = "admin" | "finance" | "operator" | "viewer";
export const ROLES: Role[] = ["admin", "finance", "operator", "viewer"];

export interface TestUser {
  email: string;
  password: string;
  name?: string;
  role?: Role;
  isDisabled?: boolean;
}

const demoUsersFile = path.join(E2E.dataDir, "demo-users.json");

/** E2E_USERS: a path to a JSON file, or the JSON itself: `{ "users": [{ "email", "password", "role" }] }`. */
function givenUsers(): TestUser[] | null {
  const given = process.env.E2E_USERS?.trim();
  if (!given) return null;
  const text = given.startsWith("{") ? given : fs.readFileSync(given, "utf8");
  const users = (JSON.parse(text) as { users?: TestUser[] }).users;
  if (!Array.isArray(users)) throw new Error('E2E_USERS must be {"users": [{"email", "password", "role"}, …]} or a path to such a file');
  return users;
}

/** The accounts to sign in as, by role: E2E_USERS, else (testing locally) the demo users; null when there are none. */
export function demoUsers(): TestUser[] | null {
  const given = givenUsers();
  if (given) return given;
  if (E2E.external || !fs.existsSync(demoUsersFile)) return null;
  return (JSON.parse(fs.readFileSync(demoUsersFile, "utf8")) as { users: TestUser[] }).users;
}

export const NO_DEMO_USERS = `no demo users to sign in as (${E2E.external ? "testing a deployed PayDesk without E2E_USERS" : `${demoUsersFile} is missing`})`;

export function demoUser(role: Role | "disabled"): TestUser | null {
  const users = demoUsers();
  if (!users) return null;
  return users.find((u) => (role === "disabled" ? u.isDisabled : u.role === role && !u.isDisabled)) ?? null;
}

/** The account for tests that need any working sign-in: the demo admin, or E2E_USER_EMAIL. */
export function anyUser(): TestUser | null {
  const email = process.env.E2E_USER_EMAIL?.trim();
  const password = process.env.E2E_USER_PASSWORD ?? "";
  if (email && password) return { email, password };
  return demoUser("admin");
}

export const NO_USER = "no account to sign in with: set E2E_USER_EMAIL and E2E_USER_PASSWORD for a deployed PayDesk";

/** Why a test that signs in as `role` cannot run here, or null when someone with that role was given. */
export function missingRole(role: Role | "default"): string | null {
  if (role === "default") return anyUser() ? null : NO_USER;
  return demoUser(role)
    ? null
    : `no ${role} account to sign in as (${E2E.external ? "set E2E_USERS with one per role" : `${demoUsersFile} has none`})`;
}

/** Skips the calling test (or, in a hook, the tests it runs for) when nobody with `role` was given. */
export function skipWithoutRole(test: { skip(condition: boolean, reason: string): void }, ...roles: (Role | "default")[]): void {
  for (const role of roles) {
    const reason = missingRole(role);
    test.skip(reason !== null, reason ?? "");
  }
}

/** Signed-in browser states written by the setup project (e2e/support/auth.setup.ts). */
export function storageStatePath(name: Role | "default"): string {
  return path.join(E2E.dataDir, "auth", `${name}.json`);
}

/**
 * Fills the login form, submits it and waits until the attempt is answered: the action's response
 * has arrived and React has finished with it (the button is back, the form reset). Filling the
 * next attempt earlier would race React's reset of the form.
 */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes("/login")) await page.goto("/login");
  const button = page.getByRole("button", { name: "Sign in", exact: true });
  await expect(button).toBeEnabled();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login");
  await button.click();
  await answered;
  // Refused: the button reads "Sign in" again (it says "Signing in…" while pending). Accepted: the console.
  await expect(page.getByRole("button", { name: "Sign in", exact: true }).or(page.getByTestId("signed-in-as"))).toBeVisible();
}

/** Signs in and waits until the console shows who is signed in. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await submitSignIn(page, user.email, user.password);
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
}
