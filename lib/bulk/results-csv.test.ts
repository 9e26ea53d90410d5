import { describe, expect, it } from "vitest";
import type { BatchLine } from "./batches";
import { resultsCsv } from "./results-csv";

const line = (overrides: Partial<BatchLine>): BatchLine => ({
  line: 2,
  cells: {},
  refId1: "SELLER-1",
  amountSatang: 125_050,
  destination: { type: "bank", bankCode: "KBANK", accountNo: "1234567890", accountName: "สมชาย ใจดี" },
  problems: {},
  requestId: "req_1",
  requestState: "pending",
  outcome: "sent",
  attempts: 1,
  lastError: null,
  ...overrides,
});

describe("a bulk file's results as CSV", () => {
  it("one line per line of the file: exact amounts, the request and its state, problems in words; Excel-safe", () => {
    const text = resultsCsv([
      line({}),
      line({
        line: 3,
        refId1: "SELLER-2",
        amountSatang: 2_000,
        destination: { type: "promptpay", promptPayId: "0812345678" },
        outcome: "held",
        requestId: "req_2",
        requestState: "awaiting_approval",
      }),
      line({
        line: 4,
        refId1: "=HYPERLINK(1)",
        amountSatang: null,
        cells: { amount: "12.345" },
        destination: null,
        problems: { amountSatang: ["amountDecimals"] },
        outcome: null,
        requestId: null,
        requestState: null,
      }),
    ]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = text.slice(1).split("\r\n");
    expect(rows[0]).toBe("line,ref_id1,amount,destination,account,account_name,outcome,request_id,state,problems");
    expect(rows[1]).toBe("2,SELLER-1,1250.50,KBANK,1234567890,สมชาย ใจดี,sent,req_1,Pending,");
    expect(rows[2]).toBe("3,SELLER-2,20.00,PromptPay,0812345678,,held,req_2,Awaiting approval,");
    // Formula-looking text is neutralised; the line's amount as written; its problem in words.
    expect(rows[3]).toBe("4,'=HYPERLINK(1),12.345,,,,,,,An amount has at most 2 decimals (satang).");
    expect(rows[4]).toBe("");
  });
});
