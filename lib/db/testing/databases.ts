/**
 * A fresh, migrated database per test file, of either kind, from the global setup's templates.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../client";
import { requireProject } from "../../testing/vitest-project";

export const DATABASE_KINDS = ["pglite", "postgres"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export interface TestDatabase extends Database {
  /** For Postgres: the URL other connections (a second app instance) can use. */
  url: string | null;
  dispose(): Promise<void>;
}

/** Why the Postgres half cannot run here, or null when it can. */
export function postgresSkipReason(): string | null {
  requireProject("a test database", ["storage"]);
  return inject("postgresUnavailableReason");
}

export async function createTestDatabase(kind: DatabaseKind, options: { poolSize?: number } = {}): Promise<TestDatabase> {
  requireProject("a test database", ["storage"]);
  if (kind === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-pglite-"));
    fs.cpSync(inject("pgliteTemplateDir"), dir, { recursive: true });
    const database = await openDatabase({ dir });
    return {
      ...database,
      url: null,
      async dispose() {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = inject("postgresBaseUrl");
  if (!base) throw new Error(postgresSkipReason() ?? "no Postgres");
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE paydesk_template`);
  await admin.end();
  const url = base.replace(/\/postgres$/, `/${name}`);
  const database = await openDatabase({ url, poolSize: options.poolSize ?? 5 });
  return {
    ...database,
    url,
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
