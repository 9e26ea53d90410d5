/**
 * A storage test's database for one describe block: made before its tests (unless the kind cannot
 * run here: `skip` says why, for `it.skipIf(skip)`), disposed after them. Hooks registered later in
 * the block run after this one's set-up and before its dispose.
 */
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../db/client";
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

/** Placeholder merchant rows (no real keys) for tests that only need a merchant to point at. */
export async function insertPlaceholderMerchants(db: Db, ids: string[]): Promise<void> {
  await db.insert(merchants).values(
    ids.map((id) => ({
      id,
      displayName: id,
      orgId: "org",
      merchantId: `m-${id}`,
      submitKeyEncrypted: "v1:x",
      submitKeyLast4: "abcd",
    })),
  );
}
