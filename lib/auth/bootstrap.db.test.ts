import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { staffUsers } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { bootstrapStaff, DEMO_USERS, DEMO_USERS_FILE, type DemoUser } from "./bootstrap";
import { verifyPassword } from "./password";

describe.each(DATABASE_KINDS)("first-run staff users on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let dataDir: string;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  beforeEach(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-bootstrap-"));
    lines.length = 0;
  });
  afterEach(async () => {
    await database?.dispose();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const users = () => database.db.select().from(staffUsers).orderBy(asc(staffUsers.email));
  const demoFile = () => path.join(dataDir, DEMO_USERS_FILE);

  it.skipIf(skip)("in demo mode creates the admin from the environment, one user per role and a disabled one", async () => {
    const result = await bootstrapStaff(database.db, {
      isDemo: true,
      dataDir,
      adminEmail: "Owner@Shop.example",
      adminPassword: "an admin password",
      log,
    });
    expect(result.created).toHaveLength(1 + DEMO_USERS.length);
    const rows = await users();
    expect(rows.map((r) => [r.email, r.role, r.isDisabled])).toEqual([
      ["Owner@Shop.example", "admin", false],
      ["admin@paydesk.local", "admin", false],
      ["disabled@paydesk.local", "viewer", true],
      ["finance@paydesk.local", "finance", false],
      ["operator@paydesk.local", "operator", false],
      ["viewer@paydesk.local", "viewer", false],
    ]);
    expect(rows.every((r) => /^usr_[0-9a-f]{16}$/.test(r.id) && r.merchantIds === null)).toBe(true);
    const owner = rows.find((r) => r.email === "Owner@Shop.example")!;
    expect(await verifyPassword(owner.passwordHash, "an admin password")).toBe(true);

    // The file holds the demo users only, readable by the owner only, and the passwords work.
    expect(fs.statSync(demoFile()).mode & 0o777).toBe(0o600);
    const file = JSON.parse(fs.readFileSync(demoFile(), "utf8")) as { users: DemoUser[] };
    expect(file.users.map((u) => u.email)).toEqual(DEMO_USERS.map((u) => u.email));
    for (const u of file.users) {
      const row = rows.find((r) => r.email === u.email)!;
      expect(u.password.length).toBeGreaterThanOrEqual(20);
      expect(await verifyPassword(row.passwordHash, u.password)).toBe(true);
    }
    // Printed once: every demo password appears in the log, the admin's never does.
    const printed = lines.join("\n");
    for (const u of file.users) expect(printed).toContain(u.password);
    expect(printed).not.toContain("an admin password");
  });

  it.skipIf(skip)("does nothing once a staff user exists, and leaves the file alone", async () => {
    await bootstrapStaff(database.db, { isDemo: true, dataDir, log });
    const before = fs.readFileSync(demoFile(), "utf8");
    const again = await bootstrapStaff(database.db, {
      isDemo: true,
      dataDir,
      adminEmail: "late@shop.example",
      adminPassword: "another password",
      log,
    });
    expect(again.created).toEqual([]);
    expect(await users()).toHaveLength(DEMO_USERS.length);
    expect(fs.readFileSync(demoFile(), "utf8")).toBe(before);
  });

  it.skipIf(skip)("with a real provider creates only the admin from the environment, and no file", async () => {
    await bootstrapStaff(database.db, {
      isDemo: false,
      dataDir,
      adminEmail: "owner@shop.example",
      adminPassword: "an admin password",
      log,
    });
    expect((await users()).map((r) => r.email)).toEqual(["owner@shop.example"]);
    expect(fs.existsSync(demoFile())).toBe(false);
  });

  it.skipIf(skip)("with a real provider and no ADMIN_EMAIL says nobody can sign in and what to set", async () => {
    await bootstrapStaff(database.db, { isDemo: false, dataDir, log });
    expect(await users()).toEqual([]);
    expect(lines.join("\n")).toMatch(/ADMIN_EMAIL \/ ADMIN_PASSWORD are not set/);
  });

  it.skipIf(skip)("two instances starting at once create the users exactly once", async () => {
    // For Postgres a second pool is a second instance; PGlite is one process, one connection.
    const second = database.url ? await openDatabase({ url: database.url, migrate: false, poolSize: 2 }) : database;
    try {
      const results = await Promise.all([
        bootstrapStaff(database.db, { isDemo: true, dataDir, log }),
        bootstrapStaff(second.db, { isDemo: true, dataDir, log }),
      ]);
      expect(results.map((r) => r.created.length).sort()).toEqual([0, DEMO_USERS.length]);
      expect(await users()).toHaveLength(DEMO_USERS.length);
      const file = JSON.parse(fs.readFileSync(demoFile(), "utf8")) as { users: DemoUser[] };
      const rows = await users();
      for (const u of file.users) expect(await verifyPassword(rows.find((r) => r.email === u.email)!.passwordHash, u.password)).toBe(true);
    } finally {
      if (second !== database) await second.close();
    }
  });
});
