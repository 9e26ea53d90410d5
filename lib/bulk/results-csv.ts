/**
 * A bulk Pay-Out file's lines and what became of them, as CSV for the merchant's spreadsheet
 * (GET /api/bulk-payouts/<id>/results): the same encoding as the request export
 * (lib/requests/csv.ts: UTF-8 with a byte-order mark, formula-looking text neutralised, amounts as
 * plain decimals), so a file can be reconciled line by line against the requests it made.
 */
import { toDecimalString } from "../money";
import { BOM, csvDecimal, csvLine, csvText, type CsvColumn } from "../requests/csv";
import type { State } from "../requests/lifecycle";
import { stateLabels } from "../requests/state-labels";
import type { BatchLine } from "./batches";
import { lineProblemText } from "./messages";

const english = stateLabels("en");

export const RESULT_COLUMNS: CsvColumn<BatchLine>[] = [
  { header: "line", cell: (l) => String(l.line) },
  { header: "ref_id1", cell: (l) => csvText(l.refId1) },
  { header: "amount", cell: (l) => (l.amountSatang === null ? csvText(l.cells.amount) : csvDecimal(toDecimalString(l.amountSatang))) },
  {
    header: "destination",
    cell: (l) => csvText(l.destination?.type === "bank" ? l.destination.bankCode : l.destination?.type === "promptpay" ? "PromptPay" : ""),
  },
  {
    header: "account",
    cell: (l) =>
      csvText(
        l.destination?.type === "bank" ? l.destination.accountNo : l.destination?.type === "promptpay" ? l.destination.promptPayId : "",
      ),
  },
  { header: "account_name", cell: (l) => csvText(l.destination?.type === "bank" ? l.destination.accountName : "") },
  { header: "outcome", cell: (l) => csvText(l.outcome ?? (l.lastError ? "retrying" : "")) },
  { header: "request_id", cell: (l) => csvText(l.requestId) },
  { header: "state", cell: (l) => csvText(l.requestState ? (english[l.requestState as State] ?? l.requestState) : "") },
  {
    header: "problems",
    cell: (l) =>
      csvText(
        Object.values(l.problems)
          .flat()
          .map((key) => lineProblemText("en", key))
          .join("; "),
      ),
  },
];

export function resultsCsv(lines: BatchLine[]): string {
  return BOM + csvLine(RESULT_COLUMNS.map((c) => c.header)) + lines.map((l) => csvLine(RESULT_COLUMNS.map((c) => c.cell(l)))).join("");
}
