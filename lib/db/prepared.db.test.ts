import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { executePrepared } from "./prepared";
import { merchants } from "./schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "./testing/databases";

describe.each(DATABASE_KINDS)("prepared statements on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;

  beforeAll(async () => {
    if (skip) return;
    // One connection, so the session's prepared statements can be listed.
    database = await createTestDatabase(kind, { poolSize: 1 });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const preparedNames = async () =>
    (await executePrepared<{ name: string }>(database.db, sql`select name from pg_prepared_statements`)).map((r) => r.name);
  const addMerchant = (id: string) =>
    executePrepared(
      database.db,
      sql`insert into merchants (id, display_name, org_id, merchant_id, submit_key_encrypted, submit_key_last4) values (${id}, ${"Shop"}, ${"org"}, ${randomUUID()}, ${"x"}, ${"xxxx"})`,
    );

  it.skipIf(skip)("binds parameters, answers rows, and parses a text only once", async () => {
    const query = (n: number) => sql`select ${n}::int + 1 as next, ${"text"}::text as word, ${null}::text as nothing`;
    expect(await executePrepared(database.db, query(1))).toEqual([{ next: 2, word: "text", nothing: null }]);
    expect(await executePrepared(database.db, query(41))).toEqual([{ next: 42, word: "text", nothing: null }]);
    const names = (await preparedNames()).filter((n) => n.startsWith("pd_"));
    // This query, and the listing itself: one statement per distinct text, whatever the values.
    expect(names).toHaveLength(2);
  });

  it.skipIf(skip)("two copies of this module (Next bundles it more than once) share one database's statements", async () => {
    const query = sql`select ${7}::int * 6 as answer`;
    expect(await executePrepared(database.db, query)).toEqual([{ answer: 42 }]);
    vi.resetModules();
    const copy = (await import("./prepared")) as typeof import("./prepared");
    expect(copy.executePrepared).not.toBe(executePrepared);
    expect(await copy.executePrepared(database.db, query)).toEqual([{ answer: 42 }]);
    expect(await executePrepared(database.db, query)).toEqual([{ answer: 42 }]);
  });

  it.skipIf(skip)("writes, and an error names its cause and leaves the connection usable", async () => {
    const id = `mer_${randomUUID()}`;
    await addMerchant(id);
    await expect(addMerchant(id)).rejects.toThrow(/duplicate key value violates unique constraint/);
    await expect(executePrepared(database.db, sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
    expect(await database.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, id))).toEqual([{ id }]);
  });

  it.skipIf(skip)("delivers a NOTIFY sent from a prepared statement", async () => {
    const heard: string[] = [];
    const unlisten = await database.listen("prepared_test", (payload) => heard.push(payload));
    // With one connection the listener holds it on Postgres; the statement needs a second one.
    const writer = kind === "postgres" ? await createTestDatabaseOnSameServer() : database;
    try {
      await executePrepared(writer.db, sql`select pg_notify('prepared_test', ${"hello"})`);
      for (let waited = 0; heard.length === 0 && waited < 2_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual(["hello"]);
    } finally {
      if (writer !== database) await writer.close();
      await unlisten();
    }
  });

  it.skipIf(skip)("inside a transaction, runs in that transaction", async () => {
    const id = `mer_${randomUUID()}`;
    await expect(
      database.db.transaction(async (tx) => {
        await executePrepared(
          tx,
          sql`insert into merchants (id, display_name, org_id, merchant_id, submit_key_encrypted, submit_key_last4) values (${id}, ${"Shop"}, ${"org"}, ${randomUUID()}, ${"x"}, ${"xxxx"})`,
        );
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await database.db.select().from(merchants).where(eq(merchants.id, id))).toEqual([]);
  });

  it.skipIf(skip || kind === "postgres")(
    "waits for another flow's open transaction instead of running inside it (PGlite's one connection)",
    async () => {
      const id = `mer_${randomUUID()}`;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let inserted!: () => void;
      const insertedYet = new Promise<void>((r) => (inserted = r));
      const transaction = database.db
        .transaction(async (tx) => {
          await tx
            .insert(merchants)
            .values({ id, displayName: "Shop", orgId: "org", merchantId: randomUUID(), submitKeyEncrypted: "x", submitKeyLast4: "xxxx" });
          inserted();
          await gate;
          throw new Error("roll back");
        })
        .catch(() => undefined);
      await insertedYet;
      let answered = false;
      const read = executePrepared<{ n: number }>(database.db, sql`select count(*)::int as n from merchants where id = ${id}`).then(
        (rows) => {
          answered = true;
          return rows;
        },
      );
      await new Promise((r) => setTimeout(r, 100));
      expect(answered).toBe(false);
      release();
      await transaction;
      // Had it run inside the open transaction, it would have seen the uncommitted row.
      expect(await read).toEqual([{ n: 0 }]);
    },
  );

  /** A second connection to the same Postgres database. */
  async function createTestDatabaseOnSameServer() {
    const { openDatabase } = await import("./client");
    return openDatabase({ url: database.url!, migrate: false, poolSize: 1 });
  }
});
