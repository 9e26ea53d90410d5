import "server-only";
import jsQR from "jsqr";
import sharp from "sharp";
import { parse } from "promptparse";
import { slipVerify } from "promptparse/validate";
import { bankName, BANKS } from "../banks";

/**
 * What a slip's QR says, read by the server from the JPEG PayDesk forwarded (lib/slips/reencode.ts),
 * for staff to set beside the request. A Thai bank slip carries the Bank of Thailand's slip
 * verification "mini QR": the sending bank and the transaction reference — and no amount, so the
 * amount is read from the picture by a person (docs/DESIGN.md §5.3). A customer who uploads a
 * payment QR instead of a slip (a PromptPay QR, EMVCo tag 54 holding its amount) is told apart:
 * that is not proof that anything was paid.
 */
export type SlipQr =
  | { kind: "slip"; bankCode: string; reference: string }
  | { kind: "payment_qr"; amount: string | null }
  | { kind: "other" }
  | { kind: "none" };

/** The widths tried, largest first: jsQR finds a screenshot's QR at full size and a blurred photo's often only smaller. */
const WIDTHS = [1600, 800];

async function decode(jpeg: Uint8Array, width: number): Promise<string | null> {
  const { data, info } = await sharp(jpeg)
    .resize({ width, height: width, fit: "inside", withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, {
    inversionAttempts: "dontInvert",
  });
  return found?.data || null;
}

/** The QR's text as a slip, a payment QR, or something else. Exported for the tests of the words. */
export function classifyQrText(text: string): SlipQr {
  const slip = slipVerify(text);
  if (slip?.sendingBank && slip.transRef) return { kind: "slip", bankCode: slip.sendingBank, reference: slip.transRef.toUpperCase() };
  const emv = parse(text, true);
  if (emv) {
    const amount = emv.getTagValue("54");
    return { kind: "payment_qr", amount: amount && /^\d{1,13}(\.\d{1,2})?$/.test(amount) ? Number(amount).toFixed(2) : null };
  }
  return { kind: "other" };
}

export async function readSlipQr(jpeg: Uint8Array): Promise<SlipQr> {
  try {
    for (const width of WIDTHS) {
      const text = await decode(jpeg, width);
      if (text) return classifyQrText(text);
    }
  } catch {
    // A picture sharp decoded once (at upload) and cannot now: nothing to read, said as such.
  }
  return { kind: "none" };
}

/** The sending bank's name as staff know it, by its Bank of Thailand number; the number itself when unknown. */
export function slipBankName(botCode: string, locale: "en" | "th"): string {
  const bank = BANKS.find((b) => b.botCode === botCode);
  return bank ? bankName(bank, locale) : botCode;
}
