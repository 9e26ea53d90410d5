/**
 * A storage test's database for one describe block: made before its tests (unless the kind cannot
 * run here: `skip` says why, for `it.skipIf(skip)`), disposed after them. Hooks registered later in
 * the block run after this one's set-up and before its dispose.
 */
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database, type Db } from "../db/client";
import { merchants } from "../db/schema";
import { createTestDatabase, postgresSkipReason, type DatabaseKind, type TestDatabase } from "../db/testing/databases";

export interface DatabaseFixture {
  /** Why this kind cannot run here, or null. */
  readonly skip: string | null;
  /** Set before the block's tests run. */
  database: TestDatabase;
  /** The database's `db`. */
  readonly db: Db;
}

export function setUpTestDatabase(kind: DatabaseKind, options: { poolSize?: number } = {}): DatabaseFixture {
  const fixture = {
    skip: kind === "postgres" ? postgresSkipReason() : null,
    get db() {
      return this.database.db;
    },
  } as DatabaseFixture;
  beforeAll(async () => {
    if (fixture.skip) return;
    fixture.database = await createTestDatabase(kind, options);
  });
  afterAll(async () => fixture.database?.dispose());
  return fixture;
}

export interface TwoInstancesFixture extends DatabaseFixture {
  /** A second pool on the same PostgreSQL database: it stands for a second PayDesk instance. */
  second: Database;
}

/** A PostgreSQL test database and a second pool on it (PGlite has one connection, so no second instance). */
export function setUpTwoInstances(options: { poolSize?: number; secondPoolSize?: number } = {}): TwoInstancesFixture {
  const fixture = setUpTestDatabase("postgres", { poolSize: options.poolSize }) as TwoInstancesFixture;
  beforeAll(async () => {
    if (fixture.skip) return;
    const poolSize = options.secondPoolSize ?? options.poolSize ?? 5;
    fixture.second = await openDatabase({ url: fixture.database.url!, poolSize, migrate: false });
  });
  afterAll(async () => fixture.second?.close());
  return fixture;
}

/** Placeholder merchant rows (no real keys) for tests that only need a merchant to point at. */
export async function insertPlaceholderMerchants(db: Db, ids: string[]): Promise<void> {
  const placeholder = { orgId: "org", submitKeyEncrypted: "v1:x", submitKeyLast4: "abcd" };
  await db.insert(merchants).values(ids.map((id) => ({ ...placeholder, id, displayName: id, merchantId: `m-${id}` })));
}
