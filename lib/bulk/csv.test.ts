import { describe, expect, it } from "vitest";
import { MAX_ROWS, parseBulkFile, readBulkFile, TEMPLATE_CSV, type FileProblem, type ParsedFile } from "./csv";
import { fileProblemText, lineProblemText } from "./messages";

const NOW = new Date("2026-11-26T08:00:00Z");
const utf8 = (text: string) => new TextEncoder().encode(text);
const ok = (parsed: ParsedFile) => {
  if (!parsed.ok) throw new Error(`file refused: ${parsed.problem.key}`);
  return parsed;
};

describe("a bulk Pay-Out file", () => {
  it("makes one checked Pay-Out per line, bank or PromptPay, with exact satang and the total of the lines that are fine", () => {
    const parsed = ok(
      parseBulkFile(
        utf8(
          [
            "ref_id1,amount,bank_code,account_no,account_name,promptpay_id,description",
            'SELLER-1,"1,250.50",KBANK,123-4-56789-0,สมชาย ใจดี,,November commission',
            "SELLER-2,0.10,004,1234567890,Somsak,,",
            "SELLER-3,300,,,,0812345678,",
          ].join("\r\n"),
        ),
        NOW,
      ),
    );
    expect(parsed.encoding).toBe("utf-8");
    expect(parsed.lines.map((l) => l.problems)).toEqual([{}, {}, {}]);
    const [first, second, third] = parsed.lines.map((l) => l.payOut!);
    expect(first).toMatchObject({
      refId1: "SELLER-1",
      amountSatang: 125_050,
      description: "November commission",
      destination: { type: "bank", bankCode: "KBANK", accountNo: "1234567890", accountName: "สมชาย ใจดี" },
    });
    // The Bank of Thailand's code is read as the bank's.
    expect(second!.destination).toMatchObject({ type: "bank", bankCode: "KBANK" });
    expect(third).toMatchObject({ amountSatang: 30_000, destination: { type: "promptpay", promptPayId: "0812345678" } });
    expect(parsed.validCount).toBe(3);
    expect(parsed.totalSatang).toBe(125_050 + 10 + 30_000);
    expect(parsed.lines.map((l) => l.line)).toEqual([2, 3, 4]);
  });

  it("keeps each line's problems with the line, by field, and leaves it out of the total", () => {
    const parsed = ok(
      parseBulkFile(
        utf8(
          [
            "ref_id1,amount,bank_code,account_no,account_name,promptpay_id",
            "A-1,12.345,KBANK,1234567890,Somchai,",
            "A-2,100,NOBANK,12,,",
            "A-3,100,,,,",
            "A 4,-5,,,,0812345678",
            "A-5,50,,,,0812345678",
          ].join("\n"),
        ),
        NOW,
      ),
    );
    const problems = parsed.lines.map((l) => l.problems);
    expect(problems[0]).toEqual({ amountSatang: ["amountDecimals"] });
    expect(problems[1]).toMatchObject({
      "destination.bankCode": ["bulkBankUnknown"],
      "destination.accountNo": ["accountNoInvalid"],
      "destination.accountName": ["accountNameRequired"],
    });
    expect(problems[2]).toEqual({ destination: ["bulkDestinationMissing"] });
    expect(problems[3]).toMatchObject({ amountSatang: ["amountPositive"], refId1: ["refId1Chars"] });
    expect(problems[4]).toEqual({});
    expect(parsed.lines.map((l) => l.payOut === null)).toEqual([true, true, true, true, false]);
    expect(parsed.validCount).toBe(1);
    expect(parsed.totalSatang).toBe(5_000);
    // Every key has words in both languages.
    for (const keys of problems.flatMap((p) => Object.values(p)))
      for (const key of keys) for (const locale of ["en", "th"] as const) expect(lineProblemText(locale, key)).not.toBe(key);
  });

  it("knows a bank by its code, its Bank of Thailand number or its name in Thai or English; an unknown one is told the banks it may name", () => {
    const parsed = ok(
      parseBulkFile(
        utf8(
          [
            "amount,bank_code,account_no,account_name",
            "10,kbank,1234567890,Somchai",
            "10,004,1234567890,Somchai",
            "10,กสิกรไทย,1234567890,Somchai",
            "10,ธนาคารไทยพาณิชย์,1234567890,Somchai",
            "10,Bangkok Bank,1234567890,Somchai",
            "10,ธนาคารยูโอบี,1234567890,Somchai",
            "10,Bank of Nowhere,1234567890,Somchai",
          ].join("\n"),
        ),
        NOW,
      ),
    );
    const codes = parsed.lines.map((l) => (l.payOut?.destination.type === "bank" ? l.payOut.destination.bankCode : null));
    expect(codes).toEqual(["KBANK", "KBANK", "KBANK", "SCB", "BBL", "UOB", null]);
    expect(parsed.lines[6]!.problems).toEqual({ "destination.bankCode": ["bulkBankUnknown"] });
    const en = lineProblemText("en", "bulkBankUnknown");
    expect(en).toMatch(
      /^PayDesk does not know this bank\. In bank_code, give one of these banks' code, name or Bank of Thailand number: BBL \(Bangkok Bank\), KBANK \(Kasikornbank\)/,
    );
    expect(lineProblemText("th", "bulkBankUnknown")).toContain("KBANK (กสิกรไทย)");
    expect(en).not.toContain("from the list");
  });

  it("reads an Excel workbook's first sheet as Excel shows it: Thai text, a number cell for the amount, an account number kept as text", async () => {
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("จ่ายเงิน");
    sheet.addRow(["ref_id1", "amount", "bank_code", "account_no", "account_name", "promptpay_id"]);
    sheet.addRow(["X-1", 1250.5, "กสิกรไทย", "0123456789", "สมชาย ใจดี", null]);
    sheet.addRow([]);
    sheet.addRow(["X-2", "20", null, null, null, "0812345678"]);
    workbook.addWorksheet("ignored").addRow(["ref_id1", "amount"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const parsed = ok(await readBulkFile(bytes, NOW));
    expect(parsed.encoding).toBe("xlsx");
    expect(parsed.lines.map((l) => l.problems)).toEqual([{}, {}]);
    expect(parsed.lines[0]!.payOut).toMatchObject({
      refId1: "X-1",
      amountSatang: 125_050,
      destination: { type: "bank", bankCode: "KBANK", accountNo: "0123456789", accountName: "สมชาย ใจดี" },
    });
    expect(parsed.lines[1]!.payOut).toMatchObject({ amountSatang: 2_000, destination: { type: "promptpay", promptPayId: "0812345678" } });
    expect(parsed.totalSatang).toBe(127_050);
  });

  it("refuses a file that looks like a workbook but is not one, in words, and still reads a CSV through the same door", async () => {
    expect(await readBulkFile(Uint8Array.from([0x50, 0x4b, 3, 4, 0, 0]), NOW)).toEqual({ ok: false, problem: { key: "notSpreadsheet" } });
    expect(fileProblemText("en", { key: "notSpreadsheet" })).toMatch(/could not be read as an Excel workbook/);
    expect(fileProblemText("th", { key: "notSpreadsheet" })).toMatch(/Excel/);
    expect(ok(await readBulkFile(utf8("amount,promptpay_id\n10,0812345678\n"), NOW)).validCount).toBe(1);
  });

  it("makes a RefId1 for a line without one, and refuses the same RefId1 on two lines, naming the first", () => {
    const parsed = ok(parseBulkFile(utf8("amount,promptpay_id,ref_id1\n10,0812345678,\n20,0812345678,dup-1\n30,0812345678,DUP-1\n"), NOW));
    expect(parsed.lines[0]!.payOut!.refId1).toMatch(/^PD261126-[0-9A-Z]{8}$/);
    expect(parsed.lines[2]!.problems).toEqual({ refId1: ["bulkRefId1Twice:3"] });
    expect(lineProblemText("en", "bulkRefId1Twice:3")).toBe("This RefId1 is also on line 3; each Pay-Out needs its own.");
    expect(parsed.validCount).toBe(2);
  });

  it("reads the Thai Excel CSV (Windows-874), a byte-order mark, and Thai column names", () => {
    // "จำนวนเงิน,พร้อมเพย์,รายละเอียด\n99,0812345678,ค่าคอม" in Windows-874.
    const thai = (text: string) =>
      Uint8Array.from([...text].map((c) => (c.charCodeAt(0) >= 0x0e01 ? c.charCodeAt(0) - 0x0e01 + 0xa1 : c.charCodeAt(0))));
    const parsed = ok(parseBulkFile(thai("จำนวนเงิน,พร้อมเพย์,รายละเอียด\n99,0812345678,ค่าคอม\n"), NOW));
    expect(parsed.encoding).toBe("windows-874");
    expect(parsed.lines[0]!.payOut).toMatchObject({ amountSatang: 9_900, description: "ค่าคอม" });
    const bom = ok(parseBulkFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("amount,promptpay_id\n1,0812345678\n")]), NOW));
    expect(bom.encoding).toBe("utf-8");
    expect(bom.validCount).toBe(1);
  });

  it("refuses a whole file in words when it cannot be one: empty, too many lines, not text, unknown or missing columns, an open quote", () => {
    const problem = (bytes: Uint8Array) => {
      const parsed = parseBulkFile(bytes, NOW);
      if (parsed.ok) throw new Error("accepted");
      return parsed.problem;
    };
    expect(problem(utf8(""))).toEqual({ key: "empty" });
    expect(problem(utf8("amount,promptpay_id\n\n\n"))).toEqual({ key: "empty" });
    expect(problem(utf8(`amount,promptpay_id\n${"1,0812345678\n".repeat(MAX_ROWS + 1)}`))).toMatchObject({
      key: "tooManyRows",
      rows: MAX_ROWS + 1,
    });
    expect(problem(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toEqual({ key: "notSpreadsheet" });
    expect(problem(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00]))).toEqual({ key: "notText" });
    expect(problem(utf8("amount,acount_no\n1,2\n"))).toEqual({ key: "unknownColumns", columns: ["acount_no"] });
    expect(problem(utf8("ref_id1,promptpay_id\nA,0812345678\n"))).toEqual({ key: "missingAmount" });
    expect(problem(utf8("amount,Amount\n1,2\n"))).toEqual({ key: "duplicateColumns", columns: ["amount"] });
    expect(problem(utf8('amount,description\n1,"never closed\n'))).toMatchObject({ key: "unreadable" });
    expect(problem(new Uint8Array(1_000_001).fill(0x41))).toMatchObject({ key: "tooLarge" });
    const problems: FileProblem[] = [
      { key: "unknownColumns", columns: ["acount_no"] },
      { key: "tooManyRows", rows: 1001, maxRows: 1000 },
    ];
    for (const p of problems) {
      expect(fileProblemText("en", p)).toMatch(/acount_no|1001/);
      expect(fileProblemText("th", p)).toMatch(/acount_no|1001/);
    }
  });

  it("the template the console offers is a file it accepts, every line fine", () => {
    const parsed = ok(parseBulkFile(utf8(`\uFEFF${TEMPLATE_CSV}`), NOW));
    expect(parsed.lines.map((l) => l.problems)).toEqual([{}, {}]);
    expect(parsed.totalSatang).toBe(125_050 + 30_000);
  });
});
