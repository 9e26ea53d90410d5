import { describe, expect, it } from "vitest";
import { bangkokTimestamp, BOM, csvDecimal, csvLine, csvStream, csvText, REQUEST_CSV_COLUMNS } from "./csv";
import type { ListRow } from "./queries";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A small RFC 4180 reader, to prove what we write reads back as the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

const row = (over: Partial<ListRow> = {}): ListRow => ({
  id: "req_1",
  merchantId: "mer_a",
  merchantName: "Siam Coffee",
  kind: "payin",
  isWithdrawal: false,
  refundOf: null,
  refId1: "R1",
  refId2: null,
  refId3: null,
  payerName: "สมชาย ใจดี",
  requestedAmount: "1234.50",
  generatedAmount: "1234.73",
  paidAmount: "0.00",
  feePct: null,
  discardCent: null,
  feePayer: "merchant",
  feeAmount: null,
  paidAt: null,
  status: "pending",
  statusCode: null,
  statusReason: null,
  statusFacts: null,
  providerId: null,
  destination: null,
  description: null,
  tags: null,
  expireAt: null,
  createdAt: new Date("2026-04-30T17:30:00Z"),
  createdByName: "Admin",
  cursorKey: "2026-04-30T17:30:00.000000Z",
  ...over,
});

describe("CSV cells", () => {
  it("quotes commas, quotes and line breaks, and leaves plain text alone", () => {
    expect(csvText("plain")).toBe("plain");
    expect(csvText("a,b")).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText("two\nlines")).toBe('"two\nlines"');
    expect(csvText("cr\r")).toBe('"cr\r"');
    expect(csvText(null)).toBe("");
    expect(csvText("สมชาย")).toBe("สมชาย");
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    expect(csvText('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvText("+66812345678")).toBe("'+66812345678");
    expect(csvText("-2+3")).toBe("'-2+3");
    expect(csvText("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvText("\t=1")).toBe("'\t=1");
    expect(csvText("a=1")).toBe("a=1");
  });

  it("writes amounts as plain decimals and refuses anything else", () => {
    expect(csvDecimal("1234.50")).toBe("1234.50");
    expect(csvDecimal(null)).toBe("");
    expect(() => csvDecimal("=1+1")).toThrow(RangeError);
    expect(() => csvDecimal("1,234.50")).toThrow(RangeError);
  });

  it("writes Bangkok wall time", () => {
    expect(bangkokTimestamp(new Date("2026-04-30T17:30:05Z"))).toBe("2026-05-01 00:30:05");
    expect(bangkokTimestamp(null)).toBe("");
  });

  it("ends lines with CRLF", () => {
    expect(csvLine(["a", "b"])).toBe("a,b\r\n");
  });
});

describe("the requests CSV stream", () => {
  it("starts with a UTF-8 BOM and the header, keeps Thai intact and reads back cell for cell", async () => {
    async function* batches() {
      yield [row(), row({ id: "req_2", payerName: "=cmd|' /C calc'!A0", refId2: 'a,"b"\nc', kind: "payin_p2p" })];
      yield [
        row({
          id: "req_3",
          kind: "withdrawal",
          isWithdrawal: true,
          payerName: null,
          status: "rejected",
          statusCode: "ERR_EXPIRED_REQUEST",
          destination: { type: "bank", bankCode: "KBANK", accountNo: "1234567890", accountName: "ร้าน, กาแฟ" },
        }),
      ];
    }
    const bytes = await readAll(csvStream(REQUEST_CSV_COLUMNS, batches()));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes);
    expect(text.startsWith(BOM)).toBe(false); // the decoder consumed exactly one BOM
    const rows = parseCsv(text);
    const header = rows[0]!;
    expect(header.slice(0, 4)).toEqual(["id", "created_at_bangkok", "type", "merchant"]);
    const cell = (r: number, name: string) => rows[r]![header.indexOf(name)];
    expect(rows).toHaveLength(4);
    expect(cell(1, "payer_name")).toBe("สมชาย ใจดี");
    expect(cell(1, "requested_amount")).toBe("1234.50");
    expect(cell(1, "created_at_bangkok")).toBe("2026-05-01 00:30:00");
    expect(cell(2, "payer_name")).toBe("'=cmd|' /C calc'!A0");
    expect(cell(2, "ref_id2")).toBe('a,"b"\nc');
    expect(cell(2, "type")).toBe("Pay-In P2P");
    expect(cell(3, "type")).toBe("Withdrawal");
    expect(cell(3, "status")).toBe("expired");
    expect(cell(3, "destination_account")).toBe("1234567890");
    expect(cell(3, "destination_name")).toBe("ร้าน, กาแฟ");
  });

  it("writes what a paid request collected and when, its description and its tags", async () => {
    async function* batches() {
      yield [
        row({
          status: "paid",
          paidAmount: "1234.73",
          paidAt: new Date("2026-04-30T17:45:10Z"),
          description: "Order #88, 2 bags",
          tags: "vip;=line",
        }),
      ];
    }
    const rows = parseCsv(
      Buffer.from(await readAll(csvStream(REQUEST_CSV_COLUMNS, batches())))
        .toString("utf8")
        .slice(1),
    );
    const header = rows[0]!;
    const cell = (name: string) => rows[1]![header.indexOf(name)];
    expect(cell("requested_amount")).toBe("1234.50");
    expect(cell("generated_amount")).toBe("1234.73");
    expect(cell("paid_amount")).toBe("1234.73");
    expect(cell("paid_at_bangkok")).toBe("2026-05-01 00:45:10");
    // No rate known: no fee, rather than a guess.
    expect([cell("fee"), cell("net"), cell("fee_source")]).toEqual(["", "", ""]);
    expect(cell("description")).toBe("Order #88, 2 bags");
    expect(cell("tags")).toBe("vip;=line");
  });

  it("writes the provider's fee and what the wallet moved by, stated or computed, as the request page does", async () => {
    async function* batches() {
      yield [
        row({ id: "req_in", status: "paid", paidAmount: "333.33", feePct: "1.5000", discardCent: true }),
        row({ id: "req_out", kind: "payout", status: "approved", paidAmount: "1000.00", feePct: "0.5000", feeAmount: "5.00" }),
      ];
    }
    const rows = parseCsv(
      Buffer.from(await readAll(csvStream(REQUEST_CSV_COLUMNS, batches())))
        .toString("utf8")
        .slice(1),
    );
    const cells = (i: number) => ["fee", "net", "fee_source"].map((name) => rows[i]![rows[0]!.indexOf(name)]);
    expect(cells(1)).toEqual(["5.33", "328.00", "computed"]);
    expect(cells(2)).toEqual(["5.00", "1005.00", "provider"]);
  });

  it("writes PayDesk's own reason in English from its facts, and the provider's as it gave it", async () => {
    async function* batches() {
      yield [
        row({ id: "req_u", status: "unknown", statusFacts: { kind: "timeout", timeoutMs: 8_000, mayExist: true } }),
        row({ id: "req_r", status: "rejected", statusCode: "ERR_X", statusReason: "ยอดเงินไม่ถูกต้อง" }),
      ];
    }
    const rows = parseCsv(
      Buffer.from(await readAll(csvStream(REQUEST_CSV_COLUMNS, batches())))
        .toString("utf8")
        .slice(1),
    );
    const reason = (i: number) => rows[i]![rows[0]!.indexOf("status_reason")];
    expect(reason(1)).toBe(
      "The provider did not answer within 8 s. The request may or may not have been created; PayDesk checks with the provider before anything is sent again.",
    );
    expect(reason(2)).toBe("ยอดเงินไม่ถูกต้อง");
  });

  it("an empty result is the BOM and the header alone", async () => {
    async function* none(): AsyncGenerator<ListRow[]> {}
    const text = Buffer.from(await readAll(csvStream(REQUEST_CSV_COLUMNS, none()))).toString("utf8");
    expect(text).toBe(`${BOM}${REQUEST_CSV_COLUMNS.map((c) => c.header).join(",")}\r\n`);
  });

  it("pulls a batch only when the reader asks, and stops the source when the reader cancels", async () => {
    let pulled = 0;
    let isClosed = false;
    async function* endless() {
      try {
        for (;;) {
          pulled++;
          yield [row({ id: `req_${pulled}` })];
        }
      } finally {
        isClosed = true;
      }
    }
    const reader = csvStream(REQUEST_CSV_COLUMNS, endless()).getReader();
    await reader.read(); // header
    await reader.read(); // first batch
    await new Promise((r) => setTimeout(r, 20));
    expect(pulled).toBeLessThanOrEqual(2);
    await reader.cancel();
    expect(isClosed).toBe(true);
  });
});
