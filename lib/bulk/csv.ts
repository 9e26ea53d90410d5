/**
 * A bulk Pay-Out file (docs/DESIGN.md §16): CSV, one Pay-Out per line, with a header line naming
 * the columns (English names, or the Thai ones in COLUMN_NAMES). Each line is checked by the very
 * contract a Pay-Out made in the console or through the API is (lib/requests/contract.ts), so a
 * file can make nothing the form could not.
 *
 * The bytes are UTF-8 (a byte-order mark is fine) or, when they are not, Windows-874: what Excel
 * in Thai writes when it saves "CSV". Exact money: amounts are read as text into satang.
 *
 * A problem with the whole file (empty, too large, an unknown or missing column) is one message;
 * a problem with a line is kept with the line, by field, as message keys (lib/bulk/messages.ts).
 */
import Papa from "papaparse";
import { BANKS } from "../banks";
import { amountField, payOutRequestSchema, type PayOutRequest } from "../requests/contract";
import { generateRefId1 } from "../requests/ref-id";

import { MAX_FILE_BYTES, MAX_ROWS } from "./limits";

export { MAX_FILE_BYTES, MAX_ROWS };

export const COLUMNS = [
  "ref_id1",
  "amount",
  "bank_code",
  "account_no",
  "account_name",
  "promptpay_id",
  "description",
  "ref_id2",
  "ref_id3",
  "refund_of",
] as const;
export type Column = (typeof COLUMNS)[number];

/** The file the console offers to fill in (/api/bulk-payouts/template): every column, a bank line and a PromptPay line. */
export const TEMPLATE_CSV = [
  COLUMNS.join(","),
  'SELLER-0001,"1,250.50",KBANK,1234567890,สมชาย ใจดี,,ค่าคอมมิชชัน พ.ย.,,,',
  "SELLER-0002,300.00,,,,0812345678,Commission Nov,,,",
  "",
].join("\r\n");

/** Thai header names a merchant's staff may use instead of the English ones. */
export const COLUMN_NAMES: Record<Column, readonly string[]> = {
  ref_id1: ["ref_id1", "refid1", "เลขอ้างอิง"],
  amount: ["amount", "จำนวนเงิน"],
  bank_code: ["bank_code", "bank", "ธนาคาร", "รหัสธนาคาร"],
  account_no: ["account_no", "account_number", "เลขบัญชี", "เลขที่บัญชี"],
  account_name: ["account_name", "ชื่อบัญชี"],
  promptpay_id: ["promptpay_id", "promptpay", "พร้อมเพย์"],
  description: ["description", "รายละเอียด"],
  ref_id2: ["ref_id2", "refid2"],
  ref_id3: ["ref_id3", "refid3"],
  // A paid Pay-In's PayDesk id (req_…) or RefId1: the line refunds it (lib/refunds).
  refund_of: ["refund_of", "refund", "คืนเงินของ", "คืนเงินรายการ"],
};

export type FileProblem =
  | { key: "empty" }
  | { key: "tooLarge"; maxBytes: number }
  | { key: "tooManyRows"; rows: number; maxRows: number }
  | { key: "notText" }
  | { key: "notSpreadsheet" }
  | { key: "unknownColumns"; columns: string[] }
  | { key: "missingAmount" }
  | { key: "duplicateColumns"; columns: string[] }
  | { key: "unreadable"; line: number };

export interface FileLine {
  /** The line's number in the file (the header is line 1). */
  line: number;
  cells: Partial<Record<Column, string>>;
  payOut: PayOutRequest | null;
  /** Field (a contract path such as `destination.accountNo`) → message keys; empty when the line is fine. */
  problems: Record<string, string[]>;
}

export type ParsedFile =
  | { ok: false; problem: FileProblem }
  | { ok: true; encoding: "utf-8" | "windows-874" | "xlsx"; lines: FileLine[]; validCount: number; totalSatang: number };

const normalizeName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
const NAME_TO_COLUMN = new Map<string, Column>(
  COLUMNS.flatMap((column) => COLUMN_NAMES[column].map((name) => [normalizeName(name), column] as const)),
);

function decode(bytes: Uint8Array): { text: string; encoding: "utf-8" | "windows-874" } | null {
  if (bytes.includes(0)) return null; // a spreadsheet (.xlsx) or another binary file
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-874").decode(bytes), encoding: "windows-874" };
  }
}

/** A bank's name as people write it: no "ธนาคาร"/"Bank" word, no spaces or brackets, any case. */
const nameKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/^ธนาคาร|\bbank\b|\(thai\)|\(ไทย\)/g, "")
    .replace(/[\s().]/g, "");
const BANK_BY_NAME = new Map(BANKS.flatMap((b) => [nameKey(b.nameTh), nameKey(b.nameEn)].map((k) => [k, b.code] as const)));

/**
 * A bank by PayDesk's code (KBANK), the Bank of Thailand's three digits (004), or its name in Thai
 * or English (กสิกรไทย, ธนาคารกสิกรไทย, Kasikornbank), any case; what matches none is kept as written.
 */
function bankCodeOf(text: string): string {
  const wanted = text.trim().toUpperCase();
  const bank = BANKS.find((b) => b.code !== "PP" && (b.code.toUpperCase() === wanted || b.botCode === wanted.padStart(3, "0")));
  return bank?.code ?? BANK_BY_NAME.get(nameKey(text.trim())) ?? wanted;
}

function checkLine(line: number, cells: Partial<Record<Column, string>>, now: Date): FileLine {
  const text = (column: Column) => cells[column]?.trim() ?? "";
  const problems: Record<string, string[]> = {};
  const add = (field: string, key: string) => (problems[field] ??= []).push(key);

  const amount = amountField.safeParse(text("amount"));
  if (!amount.success) for (const issue of amount.error.issues) add("amountSatang", issue.message);

  const bankGiven = ["bank_code", "account_no", "account_name"].some((c) => text(c as Column) !== "");
  const destination = bankGiven
    ? {
        type: "bank" as const,
        bankCode: bankCodeOf(text("bank_code")),
        accountNo: text("account_no"),
        accountName: text("account_name"),
        promptPayId: text("promptpay_id"),
      }
    : { type: "promptpay" as const, promptPayId: text("promptpay_id") };
  if (!bankGiven && text("promptpay_id") === "") add("destination", "bulkDestinationMissing");

  const parsed = payOutRequestSchema.safeParse({
    refId1: text("ref_id1") || generateRefId1(now),
    refId2: text("ref_id2"),
    refId3: text("ref_id3"),
    description: text("description"),
    amountSatang: amount.success ? amount.data : 1,
    destination,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path.join(".");
      // No destination at all is said once, not as the PromptPay id it also lacks.
      if (field.startsWith("destination") && problems.destination) continue;
      // A file has no list to choose from: the line is told which banks it may name.
      add(field, issue.message === "bankRequired" ? "bulkBankUnknown" : issue.message);
    }
  return { line, cells, payOut: parsed.success && Object.keys(problems).length === 0 ? parsed.data : null, problems };
}

/** A ZIP's first bytes: an .xlsx workbook is one (a CSV never starts so). */
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * Reads and checks a bulk Pay-Out file — CSV (UTF-8 or the Thai Excel's Windows-874) or an Excel
 * workbook (.xlsx, its first sheet, each cell as Excel shows it); `now` dates the RefId1s made for
 * lines without one.
 */
export async function readBulkFile(bytes: Uint8Array, now = new Date()): Promise<ParsedFile> {
  if (bytes.length > MAX_FILE_BYTES) return { ok: false, problem: { key: "tooLarge", maxBytes: MAX_FILE_BYTES } };
  if (!isZip(bytes)) return parseBulkFile(bytes, now);
  const rows = await workbookRows(bytes);
  return rows ? checkRecords(rows, "xlsx", now) : { ok: false, problem: { key: "notSpreadsheet" } };
}

/** The first sheet's rows as text, empty rows left out; null when the bytes are no workbook exceljs can read. */
async function workbookRows(bytes: Uint8Array): Promise<string[][] | null> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    // Column by column from A, so a column left blank keeps its place under the header.
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(row.getCell(c).text ?? "");
    if (cells.some((cell) => cell.trim() !== "")) rows.push(cells);
  });
  return rows;
}

/** Reads and checks a bulk Pay-Out CSV file; `now` dates the RefId1s made for lines without one. */
export function parseBulkFile(bytes: Uint8Array, now = new Date()): ParsedFile {
  if (bytes.length > MAX_FILE_BYTES) return { ok: false, problem: { key: "tooLarge", maxBytes: MAX_FILE_BYTES } };
  const decoded = decode(bytes);
  if (!decoded) return { ok: false, problem: { key: isZip(bytes) ? "notSpreadsheet" : "notText" } };
  const result = Papa.parse<string[]>(decoded.text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const quoteError = result.errors.find((e) => e.type === "Quotes");
  if (quoteError) return { ok: false, problem: { key: "unreadable", line: (quoteError.row ?? 0) + 1 } };
  return checkRecords(result.data, decoded.encoding, now);
}

function checkRecords(rows: string[][], encoding: "utf-8" | "windows-874" | "xlsx", now: Date): ParsedFile {
  const [header, ...records] = rows;
  if (!header || records.length === 0) return { ok: false, problem: { key: "empty" } };
  if (records.length > MAX_ROWS) return { ok: false, problem: { key: "tooManyRows", rows: records.length, maxRows: MAX_ROWS } };

  const columns = header.map((name) => NAME_TO_COLUMN.get(normalizeName(name)) ?? null);
  const unknown = header.filter((name, i) => columns[i] === null && name.trim() !== "");
  if (unknown.length > 0) return { ok: false, problem: { key: "unknownColumns", columns: unknown } };
  const twice = COLUMNS.filter((c) => columns.filter((x) => x === c).length > 1);
  if (twice.length > 0) return { ok: false, problem: { key: "duplicateColumns", columns: twice } };
  if (!columns.includes("amount")) return { ok: false, problem: { key: "missingAmount" } };

  const seen = new Map<string, number>();
  const lines = records.map((record, index) => {
    const cells: Partial<Record<Column, string>> = {};
    columns.forEach((column, i) => {
      if (column && record[i] !== undefined) cells[column] = record[i];
    });
    const checked = checkLine(index + 2, cells, now);
    const refId1 = checked.payOut?.refId1 ?? cells.ref_id1?.trim();
    if (refId1) {
      const first = seen.get(refId1.toUpperCase());
      if (first !== undefined) {
        (checked.problems.refId1 ??= []).push(`bulkRefId1Twice:${first}`);
        checked.payOut = null;
      } else seen.set(refId1.toUpperCase(), checked.line);
    }
    return checked;
  });
  const valid = lines.filter((l) => l.payOut !== null);
  return {
    ok: true,
    encoding,
    lines,
    validCount: valid.length,
    totalSatang: valid.reduce((sum, l) => sum + l.payOut!.amountSatang, 0),
  };
}
