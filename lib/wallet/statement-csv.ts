/**
 * A merchant-day's statement as CSV, with the request export's conventions (lib/requests/csv.ts:
 * UTF-8 with a BOM, RFC 4180 quoting, CRLF, formulas neutralised, Bangkok wall time). One table,
 * a line per row, its kind first: `opening`, each `movement` (signed: credits positive, debits
 * negative, with the request it was matched to), each `finding` (in English words), then
 * `credits`, `debits`, `fees` and `closing` — so a spreadsheet can both filter and add up.
 */
import { bangkokTimestamp, csvDecimal, csvText, type CsvColumn } from "../requests/csv";
import { toDecimalString, type Satang } from "../money";
import { findingWords } from "./finding-words";
import type { Finding } from "./statement";
import type { MovementRow, StatementRow } from "./statement-view";

export interface StatementCsvLine {
  line: "opening" | "movement" | "finding" | "credits" | "debits" | "fees" | "closing";
  at: Date | null;
  amountSatang: Satang | null;
  balanceAfterSatang: Satang | null;
  movement: MovementRow | null;
  finding: Finding | null;
}

const money = (s: Satang | null) => (s === null ? "" : csvDecimal(toDecimalString(s)));

export const STATEMENT_CSV_COLUMNS: CsvColumn<StatementCsvLine>[] = [
  { header: "line", cell: (r) => r.line },
  { header: "at_bangkok", cell: (r) => bangkokTimestamp(r.at) },
  { header: "movement_id", cell: (r) => csvText(r.movement?.id) },
  { header: "amount", cell: (r) => money(r.amountSatang) },
  { header: "balance_after", cell: (r) => money(r.balanceAfterSatang) },
  {
    header: "request_id",
    cell: (r) => csvText(r.movement?.requestId ?? (r.finding && "requestId" in r.finding ? r.finding.requestId : null)),
  },
  { header: "ref_id1", cell: (r) => csvText(r.movement?.refId1 ?? (r.finding && "refId1" in r.finding ? r.finding.refId1 : null)) },
  { header: "kind", cell: (r) => csvText(r.movement?.kind ?? r.finding?.kind) },
  { header: "description", cell: (r) => csvText(r.finding ? findingWords(r.finding, "en") : r.movement?.description) },
  { header: "tags", cell: (r) => csvText(r.movement?.tags) },
];

const line = (fields: Partial<StatementCsvLine> & Pick<StatementCsvLine, "line">): StatementCsvLine => ({
  at: null,
  amountSatang: null,
  balanceAfterSatang: null,
  movement: null,
  finding: null,
  ...fields,
});

/** The lines, in batches: movements are read page by page (`pages`), never all at once. */
export async function* statementLines(
  statement: StatementRow | null,
  pages: AsyncIterable<MovementRow[]>,
): AsyncIterable<StatementCsvLine[]> {
  yield [line({ line: "opening", balanceAfterSatang: statement?.openingSatang ?? null })];
  for await (const page of pages)
    yield page.map((m) =>
      line({
        line: "movement",
        at: m.at,
        amountSatang: m.direction === "credit" ? m.amountSatang : -m.amountSatang,
        balanceAfterSatang: m.balanceAfterSatang,
        movement: m,
      }),
    );
  if (!statement) return;
  yield [
    ...statement.findings.map((f) => line({ line: "finding", finding: f })),
    line({ line: "credits", amountSatang: statement.creditsSatang }),
    line({ line: "debits", amountSatang: -statement.debitsSatang }),
    line({ line: "fees", amountSatang: statement.feesSatang }),
    line({ line: "closing", balanceAfterSatang: statement.closingSatang }),
  ];
}
