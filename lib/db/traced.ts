/**
 * A span per database statement while tracing is on (lib/ops/tracing.ts), on both drivers: each
 * `pg` connection's `query` as the pools open it, and PGlite's `query`/`exec` and those of its
 * transactions. A span carries the statement's text with its placeholders, never its values.
 * Wrapped only when tracing was on as the database opened; otherwise the drivers are untouched.
 */
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";
import { inSpan, SpanKind, statementAttributes, statementSpanName } from "../ops/tracing";

function traced<T>(text: string, run: () => Promise<T>): Promise<T> {
  return inSpan(statementSpanName(text), statementAttributes("postgresql", text), run, SpanKind.CLIENT);
}

type Query = (...args: unknown[]) => unknown;

/** Every statement of the connections `pool` opens from now on. */
export function traceStatementsOfPool(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    const original = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const first = args[0] as { text?: string; submit?: unknown } | string | undefined;
      // A cursor or stream (a Submittable) runs as pg drives it: left as it is.
      if (typeof first === "object" && first !== null && typeof first.submit === "function") return original(...args);
      const text = typeof first === "string" ? first : (first?.text ?? "");
      // pg.Pool#query hands a callback last; drizzle uses the promise.
      const callback = typeof args.at(-1) === "function" ? (args.pop() as (error: unknown, result?: unknown) => void) : null;
      const running = traced(text, () => original(...args) as Promise<unknown>);
      if (!callback) return running;
      running.then(
        (result) => callback(null, result),
        (error: unknown) => callback(error),
      );
      return undefined;
    };
  });
}

function traceQueries(target: Pick<Transaction, "query" | "exec">): void {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = ((text: string, ...rest: unknown[]) =>
    traced(text, () => (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest))) as typeof target.query;
  target.exec = ((text: string, ...rest: unknown[]) =>
    traced(text, () => (exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest))) as typeof target.exec;
}

/** Every statement PGlite runs from now on, in a transaction too. */
export function traceStatementsOfPglite(client: PGlite): void {
  traceQueries(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction(async (tx) => {
      traceQueries(tx);
      return callback(tx);
    })) as typeof client.transaction;
}
