import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { paymentRequests } from "./schema";
import { createTestDatabase, postgresSkipReason } from "./testing/databases";
import { isDatabaseUnreachable } from "./unreachable";

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe("isDatabaseUnreachable", () => {
  it("recognises a refused connection, through Drizzle's wrapping", async () => {
    const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await closedPort()}/paydesk`, migrate: false });
    const error = await database.db
      .select()
      .from(paymentRequests)
      .then(
        () => null,
        (e: unknown) => e,
      );
    await database.close();
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it("recognises the pool's connect timeout: a server that accepts TCP but never answers", async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/paydesk`, connectionTimeoutMillis: 200 });
    const error = await pool.query("select 1").then(
      () => null,
      (e: unknown) => e,
    );
    await pool.end();
    silent.close();
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.skipIf(postgresSkipReason())("recognises a connection the server terminated, and not a query that reached it and failed", async () => {
    const database = await createTestDatabase("postgres");
    const client = new pg.Client({ connectionString: database.url! });
    client.on("error", () => undefined);
    await client.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const admin = new pg.Client({ connectionString: database.url! });
    await admin.connect();
    const reachedAndFailed = await admin.query("select * from no_such_table").then(
      () => null,
      (e: unknown) => e,
    );
    await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
    await admin.end();
    const terminated = await client.query("select 1").then(
      () => null,
      (e: unknown) => e,
    );
    await client.end().catch(() => undefined);
    await database.dispose();
    expect(isDatabaseUnreachable(terminated)).toBe(true);
    expect(isDatabaseUnreachable(reachedAndFailed)).toBe(false);
  });

  it("is false for anything else", () => {
    expect(isDatabaseUnreachable(new Error("duplicate key value violates unique constraint"))).toBe(false);
    expect(isDatabaseUnreachable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});
