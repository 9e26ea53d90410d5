import zlib from "node:zlib";
import jsQR from "jsqr";
import { parse } from "promptparse";
import { describe, expect, it } from "vitest";
import { billPaymentPayload, promptPayPayload } from "./promptpay";
import { qrPngBase64 } from "./qr-png";

describe("promptPayPayload", () => {
  const base = { amountSatang: 32_537, bankCode: "KBANK", accountNo: "1234567890", refId1: "PD-ORDER-0001" };

  it("builds a dynamic PromptPay payload with the amount, RefId1 and a valid CRC", () => {
    const payload = promptPayPayload({ ...base, promptPayId: "0105561234567" });
    const qr = parse(payload, true, true);
    expect(qr).not.toBeNull();
    expect(qr!.validate("63")).toBe(true);
    expect(qr!.getTagValue("01")).toBe("12");
    expect(qr!.getTagValue("29", "00")).toBe("A000000677010111");
    expect(qr!.getTagValue("29", "02")).toBe("0105561234567");
    expect(qr!.getTagValue("53")).toBe("764");
    expect(qr!.getTagValue("54")).toBe("325.37");
    expect(qr!.getTagValue("58")).toBe("TH");
    expect(qr!.getTagValue("59")).toBe("KBANK:1234567890");
    expect(qr!.getTagValue("62", "01")).toBe("PD-ORDER-0001");
  });

  it("encodes a mobile number as 0066 + the number without its leading zero", () => {
    const qr = parse(promptPayPayload({ ...base, promptPayId: "0812345678" }), true, true);
    expect(qr!.getTagValue("29", "01")).toBe("0066812345678");
  });

  it("keeps whole baht with two decimals", () => {
    const qr = parse(promptPayPayload({ ...base, amountSatang: 100_000, promptPayId: "0812345678" }), true, true);
    expect(qr!.getTagValue("54")).toBe("1000.00");
  });

  it("detects a corrupted payload by its CRC", () => {
    const payload = promptPayPayload({ ...base, promptPayId: "0812345678" });
    const tampered = payload.replace("325.37", "925.37");
    // strict parsing verifies the CRC and refuses the payload
    expect(parse(tampered, true, true)).toBeNull();
    expect(parse(tampered, false, true)!.validate("63")).toBe(false);
  });

  it("builds an SCB bill-payment payload with a valid CRC", () => {
    const qr = parse(billPaymentPayload({ billerId: "010556123456701", amountSatang: 50_000, refId1: "REF1", refId2: null }), true, true);
    expect(qr!.validate("63")).toBe(true);
    expect(qr!.getTagValue("30", "02")).toBe("REF1");
    expect(qr!.getTagValue("54")).toBe("500.00");
  });
});

describe("qrPngBase64", () => {
  it("draws a PNG that a QR reader decodes back to the payload", () => {
    const payload = promptPayPayload({
      amountSatang: 1_234_56,
      bankCode: "SCB",
      accountNo: "9876543210",
      refId1: "X1",
      promptPayId: "0812345678",
    });
    const { width, height, rgba } = decodeOneBitPng(Buffer.from(qrPngBase64(payload), "base64"));
    const result = jsQR(rgba, width, height);
    expect(result?.data).toBe(payload);
  });
});

/** Just enough PNG reading for our own 1-bit grayscale output. */
function decodeOneBitPng(png: Buffer): { width: number; height: number; rgba: Uint8ClampedArray } {
  expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString("ascii");
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(1);
    }
    if (type === "IDAT") idat.push(data);
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const rowBytes = Math.ceil(width / 8);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bit = (raw[y * (rowBytes + 1) + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1;
      const i = (y * width + x) * 4;
      rgba.fill(bit ? 255 : 0, i, i + 3);
      rgba[i + 3] = 255;
    }
  }
  return { width, height, rgba };
}
