/**
 * Running a hot statement as a named prepared statement: parsed and planned once per connection,
 * then only bound and executed. For the webhook path's CTE statements, parsing and planning cost
 * several times what executing does (bench/webhook-ingest), and neither driver keeps a plan for
 * drizzle's `execute`: `pg` prepares only when given a name, PGlite has no API for it at all, so
 * there we speak the extended protocol ourselves (Parse once, then Bind/Execute/Sync).
 *
 * The name is a digest of the text, so every distinct text is its own statement and a name can
 * never meet a different text. Callers must keep values out of the text (parameters only), or
 * each value would become a statement of its own. A transaction handle (no `$client`) falls back
 * to a plain `execute`.
 */
import { createHash } from "node:crypto";
import { PGlite, parse as pgliteParse, protocol } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db } from "./client";

const dialect = new PgDialect();
/**
 * Which statement names a PGlite instance has parsed (a `pg` client keeps its own list), kept on
 * the instance under a registered symbol: Next bundles this module more than once (route handlers,
 * server actions, instrumentation), and every copy must see the same list for the one database.
 */
const PARSED = Symbol.for("paydesk.db.prepared-statements");
const DUPLICATE_PREPARED_STATEMENT = "42P05";

export async function executePrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool) && !(client instanceof PGlite)) return rowsOf<T>(await db.execute(query));
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementName(text);
  if (client instanceof pg.Pool) return (await client.query({ name, text, values: params })).rows as T[];
  return runOnPglite<T>(client, name, text, params);
}

/**
 * The few texts a process runs are named once each: a SHA-256 of every statement's text, every
 * time, was about 2 % of the webhook path's CPU in process (bench/webhook-ingest). Bounded, in
 * case a caller breaks the "no values in the text" rule: past the bound names are computed again.
 */
const names = new Map<string, string>();
const MAX_NAMES = 1_000;

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `pd_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}

function runOnPglite<T>(client: PGlite, name: string, text: string, params: unknown[]): Promise<T[]> {
  const holder = client as PGlite & { [PARSED]?: Set<string> };
  const parsed = (holder[PARSED] ??= new Set<string>());
  // The same two locks `PGlite.query` takes: no other query, and no open transaction, may
  // interleave with these messages on its single connection.
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      if (!parsed.has(name)) {
        try {
          await client.execProtocol(join([protocol.serialize.parse({ name, text, types: [] }), protocol.serialize.sync()]));
        } catch (error) {
          // Parsed already by a path that did not record it: the same text under the same name, so usable.
          if ((error as { code?: string }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
        }
        parsed.add(name);
      }
      const { messages } = await client.execProtocol(
        join([
          protocol.serialize.bind({ statement: name, values: params.map(asText) }),
          protocol.serialize.describe({ type: "P" }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
      );
      return (pgliteParse.parseResults(messages, client.parsers)[0]?.rows ?? []) as T[];
    }),
  );
}

/** Parameters in text format, as Postgres reads them (drizzle has already mapped column values). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
