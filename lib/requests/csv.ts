/**
 * CSV for people who open it in Excel ("export what you see"):
 * - UTF-8 with a byte-order mark, or Excel reads Thai names as mojibake;
 * - RFC 4180 quoting (commas, quotes, line breaks), CRLF line ends;
 * - text that starts with = + - @ (or a tab / carriage return) is prefixed with ' so a payer name
 *   like `=HYPERLINK(…)` stays text instead of becoming a formula (OWASP "CSV injection");
 * - amounts as plain decimals ("1234.50"), never formatted, so they sum as numbers.
 * The stream pulls one batch of rows at a time: memory stays flat whatever the row count.
 */
import { findBank } from "../banks";
import type { ListRow } from "./queries";
import { shownState } from "./list-filters";
import { factWords } from "./notes";
import { feesOf, type FeeFigures } from "./fees";
import { toDecimalString } from "../money";

export const BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell, neutralised and quoted as needed. */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A decimal we produced ourselves ("1234.50"): written as is, so spreadsheets see a number. */
export function csvDecimal(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw new RangeError(`"${value}" is not a plain decimal`);
  return value;
}

export interface CsvColumn<R> {
  header: string;
  /** The cell, already encoded with csvText or csvDecimal. */
  cell(row: R): string;
}

export function csvLine(cells: string[]): string {
  return `${cells.join(",")}\r\n`;
}

/** "2026-05-01 17:04:05": Bangkok wall time (UTC+7, no daylight saving), which Excel reads as a date. */
export function bangkokTimestamp(value: Date | null): string {
  if (!value) return "";
  return new Date(value.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

const KIND_LABELS: Record<string, string> = { payin: "Pay-In", payin_p2p: "Pay-In P2P", payout: "Pay-Out", withdrawal: "Withdrawal" };

function destinationParts(d: Record<string, string> | null): [string, string, string] {
  if (!d) return ["", "", ""];
  if (d.type === "promptpay") return ["PromptPay", d.promptPayId ?? "", ""];
  if (d.type === "saved") return ["saved destination", d.accountId ?? "", ""];
  return [findBank(d.bankCode)?.code ?? d.bankCode ?? "", d.accountNo ?? "", d.accountName ?? ""];
}

function csvFee(r: ListRow, pick: (f: FeeFigures) => number): string {
  const fees = feesOf(r);
  return fees ? csvDecimal(toDecimalString(pick(fees))) : "";
}

export const REQUEST_CSV_COLUMNS: CsvColumn<ListRow>[] = [
  { header: "id", cell: (r) => csvText(r.id) },
  { header: "created_at_bangkok", cell: (r) => bangkokTimestamp(r.createdAt) },
  { header: "type", cell: (r) => csvText(r.isWithdrawal ? "Withdrawal" : KIND_LABELS[r.kind]) },
  { header: "merchant", cell: (r) => csvText(r.merchantName) },
  { header: "ref_id1", cell: (r) => csvText(r.refId1) },
  { header: "ref_id2", cell: (r) => csvText(r.refId2) },
  { header: "ref_id3", cell: (r) => csvText(r.refId3) },
  { header: "payer_name", cell: (r) => csvText(r.payerName) },
  { header: "currency", cell: () => "THB" },
  { header: "requested_amount", cell: (r) => csvDecimal(r.requestedAmount) },
  { header: "generated_amount", cell: (r) => csvDecimal(r.generatedAmount) },
  { header: "paid_amount", cell: (r) => csvDecimal(r.paidAmount) },
  // The provider's fee, and what the merchant's wallet moved by: credited (Pay-In) or debited (Pay-Out), lib/requests/fees.ts.
  { header: "fee", cell: (r) => csvFee(r, (f) => f.feeSatang) },
  { header: "net", cell: (r) => csvFee(r, (f) => f.netSatang) },
  { header: "fee_source", cell: (r) => csvText(feesOf(r)?.source ?? "") },
  // Who bore the fee: "recipient" when they got paid_amount − fee (then net is paid_amount).
  {
    header: "fee_payer",
    cell: (r) => (r.kind === "payout" || r.kind === "withdrawal" ? (r.feePayer === "beneficiary" ? "recipient" : "merchant") : ""),
  },
  { header: "paid_at_bangkok", cell: (r) => bangkokTimestamp(r.paidAt) },
  { header: "status", cell: (r) => csvText(shownState(r.status, r.statusCode)) },
  { header: "status_code", cell: (r) => csvText(r.statusCode) },
  // PayDesk's own reason (facts) in English, else the provider's or a person's words as given.
  { header: "status_reason", cell: (r) => csvText(r.statusFacts ? factWords(r.statusFacts, "en") : r.statusReason) },
  { header: "destination_bank", cell: (r) => csvText(destinationParts(r.destination)[0]) },
  { header: "destination_account", cell: (r) => csvText(destinationParts(r.destination)[1]) },
  { header: "destination_name", cell: (r) => csvText(destinationParts(r.destination)[2]) },
  { header: "expires_at_bangkok", cell: (r) => bangkokTimestamp(r.expireAt) },
  { header: "description", cell: (r) => csvText(r.description) },
  { header: "tags", cell: (r) => csvText(r.tags) },
  { header: "provider_id", cell: (r) => csvText(r.providerId) },
  { header: "created_by", cell: (r) => csvText(r.createdByName) },
  // A refund: the PayDesk id of the Pay-In it gives money back for (lib/refunds).
  { header: "refund_of", cell: (r) => csvText(r.refundOf) },
];

/**
 * A byte stream of the CSV: the BOM and header first, then one chunk per batch, pulled only when
 * the reader wants more (so a slow download holds back the database reads, not memory).
 */
export function csvStream<R>(columns: CsvColumn<R>[], batches: AsyncIterable<R[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let isHeaderSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!isHeaderSent) {
          isHeaderSent = true;
          controller.enqueue(encoder.encode(BOM + csvLine(columns.map((c) => csvText(c.header)))));
          return;
        }
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.map((row) => csvLine(columns.map((c) => c.cell(row)))).join("")));
      },
      async cancel() {
        await iterator.return?.(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
