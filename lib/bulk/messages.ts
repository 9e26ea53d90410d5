/**
 * The bulk Pay-Out pages' words, in Thai and English: the page's own, a whole file's problems
 * (lib/bulk/csv.ts `FileProblem`) and the line problems only a file can have (`bulk…` keys; the
 * rest are the create form's, lib/requests/form-messages.ts).
 */
import { BANKS } from "../banks";
import { defineMessages, type Locale } from "../i18n";
import { fieldMessage } from "../requests/form-messages";
import type { BatchStatus } from "./batches";
import type { FileProblem } from "./csv";

export const bulkMessages = defineMessages({
  en: {
    title: "Bulk Pay-Outs",
    intro:
      "Upload a CSV file with one Pay-Out per line. PayDesk checks every line first and sends nothing until you confirm; each line then becomes a Pay-Out, as if made in the form (those above the merchant's approval threshold wait for a second person).",
    template: "Download a template",
    columnsHelp:
      "Columns: amount (baht, such as 1,250.50), and either bank_code (KBANK or 004), account_no and account_name, or promptpay_id alone. Optional: ref_id1 (made for you when empty), description, ref_id2, ref_id3, and refund_of (a paid Pay-In's PayDesk id or RefId1: the line refunds it, up to what is left). UTF-8 or the Thai Excel CSV (Windows-874).",
    merchant: "Merchant",
    payingMerchant: "Merchant paying out",
    chooseMerchant: "Choose the merchant",
    file: "CSV or Excel file",
    check: "Check the file",
    recent: "Recent files",
    noneYet: "No files uploaded yet.",
    uploadedBy: "Uploaded by",
    lines: "Lines",
    total: "Total",
    status: "Status",
    statusDraft: "Checked, not sent",
    statusConfirmed: "Creating Pay-Outs",
    statusDone: "Done",
    statusCanceled: "Canceled",
    summary: (lines: number, valid: number, total: string) => `${lines} lines, ${valid} ready, ${total} in total`,
    fixFirst: (bad: number) =>
      `${bad} ${bad === 1 ? "line has" : "lines have"} problems. Fix them in your file and upload it again; nothing was sent.`,
    confirm: (count: number, total: string) => `Create ${count} Pay-Out${count === 1 ? "" : "s"}, ${total}`,
    confirmNote: "Each line becomes a Pay-Out once; pressing again or a lost connection never makes one twice.",
    cancel: "Discard this file",
    canceled: "This file was discarded; nothing was sent.",
    sameFile: (when: string) => `You uploaded this same file before (${when}). Check that it is not already paid.`,
    line: "Line",
    refId1: "RefId1",
    destination: "Destination",
    amount: "Amount",
    result: "Result",
    problems: "Problems",
    waiting: "Waiting",
    retrying: "Trying again",
    outcomeSent: "Created",
    outcomeHeld: "Waiting for approval",
    outcomeExisting: "Already made",
    outcomeRefused: "Not made",
    progress: (made: number, all: number) => `${made} of ${all} made`,
    back: "All bulk files",
    results: "Download the lines and their results (CSV)",
    notFound: "There is no such file.",
    cannotCancel: "Only a file not yet confirmed can be discarded.",
    hasProblems: "Some lines of this file have problems: fix them in your file and upload it again. Nothing was sent.",
    duplicatesTitle: (count: number, total: string) =>
      `${count} line${count === 1 ? "" : "s"} (${total}) pay${count === 1 ? "s" : ""} a recipient the same amount again`,
    duplicatesBody:
      "Each line below has the same destination and amount as an earlier line of this file, or as a line of a file confirmed recently. Confirming pays it again.",
    duplicateOfLine: (line: number) => `same as line ${line} of this file`,
    duplicateOfFile: (fileName: string, line: number, when: string) => `same as line ${line} of “${fileName}” (confirmed ${when})`,
    duplicatesAcknowledge: (count: number, total: string) =>
      `I have checked: pay these ${count} line${count === 1 ? "" : "s"} (${total}) again.`,
    duplicatesNotAcknowledged:
      "This file pays some recipients the same amount again: tick the box that names how many lines and how much, after checking them. If the list changed meanwhile, check it again. Nothing was sent.",
    fileEmpty: "The file has no Pay-Outs: a header line and at least one line under it are needed.",
    fileTooLarge: (max: number) => `The file is too large: at most ${Math.round(max / 1_000)} KB.`,
    fileTooManyRows: (rows: number, max: number) => `The file has ${rows} lines; at most ${max} at a time. Split it in two.`,
    fileNotText: "This is neither a CSV file nor an Excel workbook (.xlsx). In Excel, use Save As → CSV or Excel Workbook.",
    fileNotSpreadsheet:
      "This .xlsx file could not be read as an Excel workbook. Open it in Excel and save it again (Excel Workbook or CSV).",
    fileUnknownColumns: (columns: string) => `Columns PayDesk does not know: ${columns}. Use the template's column names.`,
    fileDuplicateColumns: (columns: string) => `These columns appear twice: ${columns}.`,
    fileMissingAmount: "The file has no amount column.",
    fileUnreadable: (line: number) => `Line ${line} cannot be read: a quote (") is not closed.`,
    fileMissing: "Choose a CSV or Excel file.",
    merchantMissing: "Choose a merchant.",
    bulkDestinationMissing: "Give bank_code, account_no and account_name, or a promptpay_id.",
    bulkRefId1Twice: (line: number) => `This RefId1 is also on line ${line}; each Pay-Out needs its own.`,
    refundOf: (payIn: string) => `Refund of ${payIn}`,
    splitNow: (count: number, total: string) =>
      `${count === 1 ? "1 Pay-Out" : `${count} Pay-Outs`} (${total}) go${count === 1 ? "es" : ""} to the provider as soon as you confirm.`,
    splitHeld: (count: number, total: string, threshold: string, lines: string) =>
      `${count === 1 ? "1 Pay-Out" : `${count} Pay-Outs`} (${total}) ${count === 1 ? "is" : "are"} above ${threshold} and will wait for a second person's approval: line${count === 1 ? "" : "s"} ${lines}.`,
    lineWillWait: "Will wait for approval",
    bulkBankUnknown: (banks: string) =>
      `PayDesk does not know this bank. In bank_code, give one of these banks' code, name or Bank of Thailand number: ${banks}.`,
    bulkRefundNotFound: "refund_of names no Pay-In of this merchant: give its PayDesk id (req_…) or its RefId1.",
  },
  th: {
    title: "โอนจ่ายหลายรายการ",
    intro:
      "อัปโหลดไฟล์ CSV หนึ่งบรรทัดต่อหนึ่งรายการโอนจ่าย PayDesk ตรวจทุกบรรทัดก่อน และไม่ส่งรายการใดจนกว่าคุณจะยืนยัน จากนั้นแต่ละบรรทัดจะเป็นคำขอโอนจ่ายเหมือนสร้างจากแบบฟอร์ม (รายการที่เกินเกณฑ์อนุมัติของร้านค้าจะรอผู้อนุมัติอีกคน)",
    template: "ดาวน์โหลดไฟล์ตัวอย่าง",
    columnsHelp:
      "คอลัมน์: amount (บาท เช่น 1,250.50) และ bank_code (KBANK หรือ 004), account_no และ account_name หรือ promptpay_id อย่างเดียว ไม่บังคับ: ref_id1 (ว่างไว้ระบบสร้างให้), description, ref_id2, ref_id3 และ refund_of (รหัส PayDesk หรือ RefId1 ของรายการรับเงินที่ชำระแล้ว: บรรทัดนั้นคืนเงินให้รายการนั้น ไม่เกินยอดที่คืนได้อีก) รองรับ UTF-8 และ CSV จาก Excel ภาษาไทย (Windows-874)",
    merchant: "ร้านค้า",
    payingMerchant: "ร้านค้าที่โอนจ่าย",
    chooseMerchant: "เลือกร้านค้า",
    file: "ไฟล์ CSV หรือ Excel",
    check: "ตรวจไฟล์",
    recent: "ไฟล์ล่าสุด",
    noneYet: "ยังไม่มีไฟล์ที่อัปโหลด",
    uploadedBy: "อัปโหลดโดย",
    lines: "บรรทัด",
    total: "ยอดรวม",
    status: "สถานะ",
    statusDraft: "ตรวจแล้ว ยังไม่ส่ง",
    statusConfirmed: "กำลังสร้างรายการโอนจ่าย",
    statusDone: "เสร็จแล้ว",
    statusCanceled: "ยกเลิกแล้ว",
    summary: (lines: number, valid: number, total: string) => `${lines} บรรทัด พร้อม ${valid} รายการ ยอดรวม ${total}`,
    fixFirst: (bad: number) => `มี ${bad} บรรทัดที่ต้องแก้ไข แก้ในไฟล์แล้วอัปโหลดใหม่ ยังไม่มีการส่งรายการใด`,
    confirm: (count: number, total: string) => `สร้างรายการโอนจ่าย ${count} รายการ ${total}`,
    confirmNote: "แต่ละบรรทัดจะเป็นรายการโอนจ่ายเพียงครั้งเดียว กดซ้ำหรือการเชื่อมต่อขาดหายจะไม่ทำให้เกิดรายการซ้ำ",
    cancel: "ทิ้งไฟล์นี้",
    canceled: "ทิ้งไฟล์นี้แล้ว ไม่มีการส่งรายการใด",
    sameFile: (when: string) => `คุณเคยอัปโหลดไฟล์เดียวกันนี้แล้ว (${when}) ตรวจสอบว่ายังไม่ได้จ่ายซ้ำ`,
    line: "บรรทัด",
    refId1: "RefId1",
    destination: "ปลายทาง",
    amount: "จำนวนเงิน",
    result: "ผล",
    problems: "สิ่งที่ต้องแก้",
    waiting: "รอดำเนินการ",
    retrying: "กำลังลองใหม่",
    outcomeSent: "สร้างแล้ว",
    outcomeHeld: "รออนุมัติ",
    outcomeExisting: "มีรายการนี้แล้ว",
    outcomeRefused: "ไม่ได้สร้าง",
    progress: (made: number, all: number) => `สร้างแล้ว ${made} จาก ${all} รายการ`,
    back: "ไฟล์ทั้งหมด",
    results: "ดาวน์โหลดรายการและผลลัพธ์ (CSV)",
    notFound: "ไม่พบไฟล์นี้",
    cannotCancel: "ทิ้งได้เฉพาะไฟล์ที่ยังไม่ยืนยัน",
    hasProblems: "บางบรรทัดในไฟล์นี้ต้องแก้ไข แก้ในไฟล์แล้วอัปโหลดใหม่ ยังไม่มีการส่งรายการใด",
    duplicatesTitle: (count: number, total: string) => `${count} บรรทัด (${total}) จ่ายผู้รับรายเดิมด้วยยอดเดิมซ้ำ`,
    duplicatesBody: "แต่ละบรรทัดด้านล่างมีปลายทางและยอดเงินเดียวกับบรรทัดก่อนหน้าในไฟล์นี้ หรือกับบรรทัดในไฟล์ที่ยืนยันไปเมื่อไม่นานนี้ หากยืนยันจะจ่ายซ้ำอีกครั้ง",
    duplicateOfLine: (line: number) => `ซ้ำกับบรรทัด ${line} ของไฟล์นี้`,
    duplicateOfFile: (fileName: string, line: number, when: string) => `ซ้ำกับบรรทัด ${line} ของ “${fileName}” (ยืนยันเมื่อ ${when})`,
    duplicatesAcknowledge: (count: number, total: string) => `ฉันตรวจสอบแล้ว: จ่าย ${count} บรรทัดนี้ (${total}) ซ้ำอีกครั้ง`,
    duplicatesNotAcknowledged:
      "ไฟล์นี้จ่ายผู้รับบางรายด้วยยอดเดิมซ้ำ โปรดตรวจสอบแล้วติ๊กช่องที่ระบุจำนวนบรรทัดและยอดรวม หากรายการเปลี่ยนไประหว่างนี้ โปรดตรวจสอบอีกครั้ง ยังไม่มีการส่งรายการใด",
    fileEmpty: "ไฟล์ไม่มีรายการโอนจ่าย ต้องมีบรรทัดหัวตารางและอย่างน้อยหนึ่งบรรทัดข้อมูล",
    fileTooLarge: (max: number) => `ไฟล์ใหญ่เกินไป ไม่เกิน ${Math.round(max / 1_000)} KB`,
    fileTooManyRows: (rows: number, max: number) => `ไฟล์มี ${rows} บรรทัด ครั้งละไม่เกิน ${max} บรรทัด แบ่งเป็นสองไฟล์`,
    fileNotText: "ไฟล์นี้ไม่ใช่ CSV หรือไฟล์ Excel (.xlsx) ใน Excel ให้ใช้ บันทึกเป็น → CSV หรือ Excel Workbook",
    fileNotSpreadsheet: "อ่านไฟล์ .xlsx นี้เป็นไฟล์ Excel ไม่ได้ เปิดใน Excel แล้วบันทึกใหม่ (Excel Workbook หรือ CSV)",
    fileUnknownColumns: (columns: string) => `คอลัมน์ที่ PayDesk ไม่รู้จัก: ${columns} ใช้ชื่อคอลัมน์ตามไฟล์ตัวอย่าง`,
    fileDuplicateColumns: (columns: string) => `คอลัมน์เหล่านี้ซ้ำกัน: ${columns}`,
    fileMissingAmount: "ไฟล์ไม่มีคอลัมน์ amount (จำนวนเงิน)",
    fileUnreadable: (line: number) => `อ่านบรรทัดที่ ${line} ไม่ได้ เครื่องหมายคำพูด (") ไม่ได้ปิด`,
    fileMissing: "เลือกไฟล์ CSV หรือ Excel",
    merchantMissing: "เลือกร้านค้า",
    bulkDestinationMissing: "ระบุ bank_code, account_no และ account_name หรือ promptpay_id",
    bulkRefId1Twice: (line: number) => `RefId1 นี้อยู่ในบรรทัดที่ ${line} ด้วย แต่ละรายการต้องมี RefId1 ของตัวเอง`,
    refundOf: (payIn: string) => `คืนเงินของ ${payIn}`,
    splitNow: (count: number, total: string) => `รายการโอนจ่าย ${count} รายการ (${total}) จะส่งให้ผู้ให้บริการทันทีที่ยืนยัน`,
    splitHeld: (count: number, total: string, threshold: string, lines: string) =>
      `รายการโอนจ่าย ${count} รายการ (${total}) เกิน ${threshold} จึงจะรออนุมัติจากผู้อนุมัติอีกคน: บรรทัด ${lines}`,
    lineWillWait: "จะรออนุมัติ",
    bulkBankUnknown: (banks: string) => `ไม่รู้จักธนาคารนี้ ใน bank_code ใส่รหัส ชื่อธนาคาร หรือเลข 3 หลักของ ธปท. ของธนาคารใดธนาคารหนึ่งต่อไปนี้: ${banks}`,
    bulkRefundNotFound: "refund_of ไม่ตรงกับรายการรับเงินใดของร้านค้านี้ ระบุรหัส PayDesk (req_…) หรือ RefId1 ของรายการนั้น",
  },
});

/** A whole file's problem, in words. */
export function fileProblemText(locale: Locale, problem: FileProblem): string {
  const t = bulkMessages(locale);
  switch (problem.key) {
    case "empty":
      return t.fileEmpty;
    case "tooLarge":
      return t.fileTooLarge(problem.maxBytes);
    case "tooManyRows":
      return t.fileTooManyRows(problem.rows, problem.maxRows);
    case "notText":
      return t.fileNotText;
    case "notSpreadsheet":
      return t.fileNotSpreadsheet;
    case "unknownColumns":
      return t.fileUnknownColumns(problem.columns.join(", "));
    case "duplicateColumns":
      return t.fileDuplicateColumns(problem.columns.join(", "));
    case "missingAmount":
      return t.fileMissingAmount;
    case "unreadable":
      return t.fileUnreadable(problem.line);
  }
}

/** A line's problem key (lib/bulk/csv.ts) in words: a bulk key here, any other as the create form says it. */
export function lineProblemText(locale: Locale, raw: string): string {
  const t = bulkMessages(locale);
  if (raw === "bulkDestinationMissing") return t.bulkDestinationMissing;
  if (raw === "bulkRefundNotFound") return t.bulkRefundNotFound;
  if (raw === "bulkBankUnknown")
    return t.bulkBankUnknown(BANKS.map((b) => `${b.code} (${locale === "th" ? b.nameTh.replace(/^ธนาคาร/, "") : b.nameEn})`).join(", "));
  if (raw.startsWith("bulkRefId1Twice:")) return t.bulkRefId1Twice(Number(raw.slice("bulkRefId1Twice:".length)));
  return fieldMessage(locale, raw);
}

/** A file's status, in words. */
export function statusLabel(t: ReturnType<typeof bulkMessages>, status: BatchStatus): string {
  return { draft: t.statusDraft, confirmed: t.statusConfirmed, done: t.statusDone, canceled: t.statusCanceled }[status];
}
