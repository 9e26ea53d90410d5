/**
 * The merchant API's balance (docs/merchant-api.md, "Balance"): the wallet at the provider as
 * PayDesk last read it — read again when older than 30 s (lib/wallet/balance.ts) — with what waits
 * to be debited and what is available; and a Bangkok day's statement with its movements, each
 * matched to its payment request, as the reconciliation kept it (lib/wallet/statement.ts).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { ApiError } from "./http/errors";
import { merchants } from "../db/schema";
import { toDecimalString, type Satang } from "../money";
import { findingWords } from "../wallet/finding-words";
import { currentWallet, positionOf } from "../wallet/balance";
import { FINDING_KINDS } from "../wallet/finding-words";
import { lastClosedDay, movementsOf, statementOf } from "../wallet/statement-view";
import type { ApiCall } from "./requests";

const signedBaht = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('Baht with 2 decimals, negative below zero, such as "-150.00"');
const money = (satang: Satang | null) => (satang === null ? null : toDecimalString(satang));

export const balanceSchema = z
  .strictObject({
    object: z.literal("balance"),
    balance: signedBaht.nullable().describe("The wallet's balance at the provider, as last read; null if it never could be"),
    read_at: z.string().nullable().describe("When the provider was last read for it (ISO 8601)"),
    failure: z
      .enum(["no_read_key", "refused", "not_found", "unavailable"])
      .nullable()
      .describe("Why the last attempt to read it failed, if it did (the balance is then the last one read)"),
    pending_debits: z.strictObject({
      count: z.number().int().describe("Pay-Outs and Withdrawals not yet paid out: held, being sent, or pending at the provider"),
      amount: signedBaht.describe("What is left of them to pay out"),
      fee: signedBaht.describe("Their fees, at each one's rate (or the latest known, when `fee_estimated`)"),
      fee_estimated: z.boolean(),
    }),
    available: signedBaht.nullable().describe("balance − pending_debits.amount − pending_debits.fee"),
  })
  .meta({ id: "Balance" });
export type BalanceView = z.output<typeof balanceSchema>;

const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "day is a Bangkok date such as 2026-11-27")
  .refine((value) => !Number.isNaN(new Date(`${value}T00:00:00+07:00`).getTime()), "day is a Bangkok date such as 2026-11-27");

export const balanceTransactionsQuerySchema = z.strictObject({
  day: dayField.optional().describe("The Bangkok day (default: the last one that has closed)"),
  limit: z.coerce
    .number({ error: "limit is a whole number from 1 to 100" })
    .int("limit is a whole number from 1 to 100")
    .min(1, "limit is a whole number from 1 to 100")
    .max(100, "limit is a whole number from 1 to 100")
    .default(100),
  cursor: z.string().max(200).optional(),
});

export const balanceTransactionListSchema = z
  .strictObject({
    object: z.literal("balance_transaction_list"),
    day: z.string().describe("The Bangkok day"),
    status: z
      .enum(["not_read", "running", "reconciled", "findings", "failed"])
      .describe("not_read: the day has not been read from the provider yet (it is, by itself, after it closes)"),
    opening_balance: signedBaht.nullable(),
    credits: signedBaht,
    debits: signedBaht,
    fees: signedBaht.describe("The fees of the requests that moved that day"),
    closing_balance: signedBaht.nullable(),
    findings: z
      .array(
        z.strictObject({
          kind: z.enum(FINDING_KINDS as [string, ...string[]]),
          message: z.string().describe("In English"),
          payment_request: z.string().nullable(),
          ref_id1: z.string().nullable(),
        }),
      )
      .describe("What does not reconcile; empty when everything does"),
    data: z.array(
      z.strictObject({
        id: z.string().describe("The provider's id of the movement"),
        created_at: z.string(),
        type: z.enum(["credit", "debit"]),
        amount: signedBaht.describe("Positive for a credit, negative for a debit"),
        balance_after: signedBaht.nullable(),
        payment_request: z.string().nullable().describe("The PayDesk request it was matched to, or null"),
        ref_id1: z.string().nullable(),
        description: z.string().nullable(),
      }),
    ),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page"),
  })
  .meta({ id: "BalanceTransactionList" });
export type BalanceTransactionList = z.output<typeof balanceTransactionListSchema>;

export async function getBalance(call: ApiCall): Promise<BalanceView> {
  const [merchant] = await call.db.select().from(merchants).where(eq(merchants.id, call.key.merchantRowId));
  const reading = await currentWallet(call.db, call.key.merchantRowId, async () => (merchant ? call.apiOf(merchant) : undefined));
  const position = await positionOf(call.db, reading);
  return {
    object: "balance",
    balance: money(position.balanceSatang),
    read_at: position.readAt,
    failure: position.failure,
    pending_debits: {
      count: position.waiting.count,
      amount: toDecimalString(position.waiting.amountSatang),
      fee: toDecimalString(position.waiting.feeSatang),
      fee_estimated: position.waiting.feeEstimated,
    },
    available: money(position.availableSatang),
  };
}

const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString("base64url");
function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const when = new Date(at ?? "");
  return id && !Number.isNaN(when.getTime()) ? { at: when, id } : null;
}

export async function listBalanceTransactions(
  call: ApiCall,
  query: z.output<typeof balanceTransactionsQuerySchema>,
): Promise<BalanceTransactionList> {
  const day = query.day ?? lastClosedDay();
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (after === null)
    throw new ApiError(400, {
      type: "invalid_request_error",
      code: "parameter_invalid",
      param: "cursor",
      message: "cursor: not a cursor this API gave out",
    });
  const merchantId = call.key.merchantRowId;
  const [statement, rows] = await Promise.all([
    statementOf(call.db, merchantId, day),
    movementsOf(call.db, merchantId, day, { limit: query.limit + 1, after }),
  ]);
  const page = rows.slice(0, query.limit);
  const tail = page[page.length - 1];
  return {
    object: "balance_transaction_list",
    day,
    status: statement?.status ?? "not_read",
    opening_balance: money(statement?.openingSatang ?? null),
    credits: toDecimalString(statement?.creditsSatang ?? 0),
    debits: toDecimalString(statement?.debitsSatang ?? 0),
    fees: toDecimalString(statement?.feesSatang ?? 0),
    closing_balance: money(statement?.closingSatang ?? null),
    findings: (statement?.findings ?? []).map((f) => ({
      kind: f.kind,
      message: findingWords(f, "en"),
      payment_request: "requestId" in f ? f.requestId : null,
      ref_id1: "refId1" in f ? f.refId1 : null,
    })),
    data: page.map((m) => ({
      id: m.id,
      created_at: m.at.toISOString(),
      type: m.direction,
      amount: toDecimalString(m.direction === "credit" ? m.amountSatang : -m.amountSatang),
      balance_after: money(m.balanceAfterSatang),
      payment_request: m.requestId,
      ref_id1: m.refId1,
      description: m.description,
    })),
    has_more: rows.length > query.limit,
    next_cursor: rows.length > query.limit && tail ? encodeCursor(tail.at, tail.id) : null,
  };
}
