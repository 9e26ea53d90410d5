/**
 * Slip images made in the test, as a bank app would: a white slip with the bank's verification QR
 * (the BOT mini-QR payload carrying the sending bank and the transaction reference, built with
 * promptparse) in its lower part, as PNG. Plus broken files for the refusal paths.
 */
import fs from "node:fs";
import { expect, test, type Browser } from "@playwright/test";
import os from "node:os";
import path from "node:path";
import { PNG } from "pngjs";
import { slipVerify } from "promptparse/generate";
import QRCode from "qrcode";
import { PHONE } from "./phone";
import { slipAnswerTimeout, slipPatienceMs, waitOutBusySlipCalls } from "./slip-patience";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-slips-"));

function write(name: string, bytes: Buffer): string {
  const file = path.join(dir, `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}-${name}`);
  fs.writeFileSync(file, bytes);
  return file;
}

/** A 900×1400 slip with the reference's QR (SCB as sending bank) drawn 8 px per module near the bottom. */
export function slipWithQr(transRef: string): string {
  const payload = slipVerify({ sendingBank: "014", transRef });
  const qr = QRCode.create(payload, { errorCorrectionLevel: "M" });
  const slip = new PNG({ width: 900, height: 1400 });
  slip.data.fill(255);
  // A grey header band, so the image is not just a QR on white.
  for (let y = 40; y < 200; y++) for (let x = 40; x < 860; x++) slip.data.fill(220, (y * 900 + x) * 4, (y * 900 + x) * 4 + 3);
  const size = qr.modules.size;
  const scale = 8;
  const left = 450 - (size * scale) / 2;
  const top = 900;
  for (let my = 0; my < size; my++)
    for (let mx = 0; mx < size; mx++) {
      if (!qr.modules.get(mx, my)) continue;
      for (let y = 0; y < scale; y++)
        for (let x = 0; x < scale; x++) {
          const i = ((top + my * scale + y) * 900 + left + mx * scale + x) * 4;
          slip.data[i] = slip.data[i + 1] = slip.data[i + 2] = 0;
        }
    }
  return write("slip.png", PNG.sync.write(slip));
}

/** A slip photo with no QR on it. */
export function plainSlip(): string {
  const slip = new PNG({ width: 600, height: 900 });
  slip.data.fill(245);
  return write("plain.png", PNG.sync.write(slip));
}

/** Text with an image's name. */
export function notAnImage(): string {
  return write("slip.jpg", Buffer.from("%PDF-1.7 this is a bank statement, not a slip photo"));
}

/** A PNG cut short in transit: the right magic, then nothing decodable. */
export function truncatedImage(): string {
  const whole = fs.readFileSync(plainSlip());
  return write("broken.png", whole.subarray(0, Math.floor(whole.length / 3)));
}

/** A JPEG header followed by 26 MB of nothing: over the size the page accepts. */
export function oversizedImage(): string {
  const bytes = Buffer.alloc(26 * 1024 * 1024);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return write("huge.jpg", bytes);
}

/** A phone-camera-sized picture (a gradient, so it does not compress to nothing). */
export function largePhoto(width: number, height: number): string {
  const photo = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      photo.data[i] = (x * 255) / width;
      photo.data[i + 1] = (y * 255) / height;
      photo.data[i + 2] = 180;
      photo.data[i + 3] = 255;
    }
  return write("photo.png", PNG.sync.write(photo));
}

/** The runner hands new contexts the project's signed-in state unless told otherwise: this is nobody. */
export const NOBODY = { cookies: [], origins: [] };
const rnd = () => Math.floor(Math.random() * 250) + 1;
/** A slip reference no other test uses. */
export const uniqueSlipRef = () =>
  `${Date.now().toString(36).toUpperCase()}SLIP${Math.random().toString(36).slice(2, 8).toUpperCase()}`.replace(/[^A-Z0-9]/g, "");

/** The customer's phone uploads a slip with `reference` in its QR, as e2e/customer/slip-upload.spec.ts does. */
export async function uploadSlip(browser: Browser, slipUrl: string, reference: string, note: string): Promise<void> {
  const phone = await browser.newContext({
    ...PHONE,
    storageState: NOBODY,
    extraHTTPHeaders: { "X-Forwarded-For": `10.${rnd()}.${rnd()}.${rnd()}` },
  });
  await waitOutBusySlipCalls(phone);
  // The page and its upload may each wait out a busy share of the provider's budget (./slip-patience.ts).
  const info = test.info();
  info.setTimeout(info.timeout + 2 * slipPatienceMs());
  try {
    const page = await phone.newPage();
    await page.goto(slipUrl);
    await page.getByLabel(/เลือกรูปสลิป|เลือกรูปอื่น/).setInputFiles(slipWithQr(reference));
    await expect(page.getByLabel("4 ตัวแรก")).toHaveValue(reference.slice(0, 4));
    await page.getByLabel("หมายเหตุ (ไม่บังคับ)").fill(note);
    await page.getByRole("button", { name: "อัปโหลดสลิป" }).click();
    await expect(page.getByTestId("slip-done")).toContainText("อัปโหลดสลิปแล้ว", { timeout: slipAnswerTimeout() });
  } finally {
    await phone.close();
  }
}
