import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { staffUsers, type Role } from "../db/schema";
import { hashPassword } from "./password";
import { log } from "../ops/log";

/**
 * First run: when no staff user exists, create the first admin from ADMIN_EMAIL/ADMIN_PASSWORD,
 * and in demo mode (the bundled sandbox) one user per role plus a disabled one, with random
 * passwords printed once and written to DATA_DIR/demo-users.json (mode 0600) for people and tests.
 *
 * Idempotent: once any staff user exists it does nothing. Two instances starting together on one
 * Postgres take a transaction-scoped advisory lock and re-count under it, so exactly one creates
 * the users and writes the file.
 */
export const DEMO_USERS: ReadonlyArray<{ email: string; name: string; role: Role; isDisabled?: boolean }> = [
  { email: "admin@paydesk.local", name: "Demo Admin", role: "admin" },
  { email: "finance@paydesk.local", name: "Demo Finance", role: "finance" },
  { email: "operator@paydesk.local", name: "Demo Operator", role: "operator" },
  { email: "viewer@paydesk.local", name: "Demo Viewer", role: "viewer" },
  // Shows what a disabled account sees at sign-in ("This account is disabled; ask an admin.").
  { email: "disabled@paydesk.local", name: "Demo Disabled", role: "viewer", isDisabled: true },
];

export const DEMO_USERS_FILE = "demo-users.json";

export interface BootstrapOptions {
  isDemo: boolean;
  dataDir: string;
  adminEmail?: string;
  adminPassword?: string;
  log?: (line: string) => void;
}

export interface DemoUser {
  email: string;
  password: string;
  name: string;
  role: Role;
  isDisabled: boolean;
}

interface PlannedUser extends DemoUser {
  isDemo: boolean;
}

export async function bootstrapStaff(db: Db, options: BootstrapOptions): Promise<{ created: string[] }> {
  const say = options.log ?? ((line: string) => log("paydesk").info(line));
  if (await hasStaff(db)) return { created: [] };

  const planned = plan(options);
  if (planned.length === 0) {
    say("No staff user exists and ADMIN_EMAIL / ADMIN_PASSWORD are not set, so nobody can sign in. Set both and restart PayDesk.");
    return { created: [] };
  }
  // Hashing outside the transaction: the lock is held for the inserts only.
  const rows = await Promise.all(
    planned.map(async (u) => ({
      id: `usr_${randomUUID().replaceAll("-", "").slice(0, 16)}`,
      email: u.email,
      name: u.name,
      role: u.role,
      isDisabled: u.isDisabled,
      passwordHash: await hashPassword(u.password),
    })),
  );
  const didCreate = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('paydesk:bootstrap-staff'))`);
    if (await hasStaff(tx)) return false;
    await tx.insert(staffUsers).values(rows).onConflictDoNothing();
    return true;
  });
  if (!didCreate) return { created: [] };

  const admin = planned.find((u) => !u.isDemo);
  if (admin) say(`Created the first admin, ${admin.email}, with the password in ADMIN_PASSWORD.`);
  const demo = planned.filter((u) => u.isDemo);
  if (demo.length > 0) {
    const file = writeDemoUsersFile(options.dataDir, demo);
    say(`Created demo staff users (sign in at /login). The passwords are shown once here, and kept in ${file}:`);
    for (const u of demo) say(`  ${u.role.padEnd(9)}${u.email.padEnd(26)}${u.password}${u.isDisabled ? "   (disabled)" : ""}`);
  }
  return { created: planned.map((u) => u.email) };
}

async function hasStaff(db: Pick<Db, "select">): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(staffUsers);
  return (row?.n ?? 0) > 0;
}

function plan({ isDemo, adminEmail, adminPassword }: BootstrapOptions): PlannedUser[] {
  const users: PlannedUser[] = [];
  if (adminEmail && adminPassword) {
    users.push({ email: adminEmail, password: adminPassword, name: "Administrator", role: "admin", isDisabled: false, isDemo: false });
  }
  if (isDemo) {
    for (const u of DEMO_USERS) {
      if (users.some((existing) => existing.email.toLowerCase() === u.email)) continue;
      users.push({ ...u, password: randomBytes(15).toString("base64url"), isDisabled: u.isDisabled ?? false, isDemo: true });
    }
  }
  return users;
}

function writeDemoUsersFile(dataDir: string, users: DemoUser[]): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_USERS_FILE);
  const body = {
    note: "Demo staff users of this PayDesk (demo mode only). Created on first start; delete the database to make new ones.",
    users: users.map(({ email, password, name, role, isDisabled }) => ({ email, password, name, role, isDisabled })),
  };
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
  return file;
}
