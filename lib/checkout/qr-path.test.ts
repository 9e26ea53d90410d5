import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QRCodeSVG } from "qrcode.react";
import { describe, expect, it } from "vitest";
import { ServerQr } from "@/components/checkout/server-qr";
import { runsOfQrcodeReactPath, strokePathOf } from "./qr-path";

const PAYLOAD =
  "00020101021230830016A00000067701011201150105560068127710218PD1A2B3C4D5E6F7G8H0310PD1A2B3C4D5303764540532.755802TH62140510PD1A2B3C4D6304ABCD";
const SLIP_URL =
  "https://pay.example.co.th/payin-slip-upload/demo/6c0ca4d5-c820-46ab-989e-6d8823ac5ee9/9fa34255-7071-40d6-b815-d8eb1be7ad97";

/** The dark modules of a fill path of rectangles (qrcode.react's form), as "x,y" strings. */
function modulesOfRectangles(d: string): Set<string> {
  const dark = new Set<string>();
  for (const run of runsOfQrcodeReactPath(d)) for (let i = 0; i < run.length; i++) dark.add(`${run.x + i},${run.y}`);
  return dark;
}

/** The dark modules of a stroke path of our form: each h segment at y+.5 covers one module row. */
function modulesOfStrokes(d: string): Set<string> {
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of d.matchAll(/([MmHh])(-?\d+(?:\.\d+)?)(?: (-?\d+(?:\.\d+)?))?/g)) {
    if (cmd === "M") [x, y] = [Number(a), Number(b)];
    else if (cmd === "m") [x, y] = [x + Number(a), y + Number(b)];
    else if (cmd === "h") {
      expect(y % 1).toBe(0.5);
      for (let i = 0; i < Number(a); i++) dark.add(`${x + i},${y - 0.5}`);
      x += Number(a);
    } else throw new Error(`unexpected command ${cmd}`);
  }
  return dark;
}

const attr = (svg: string, name: string, nth = 0) => [...svg.matchAll(new RegExp(`${name}="([^"]*)"`, "g"))][nth]?.[1] ?? "";

describe("the checkout's QR drawing", () => {
  it.each([
    ["a PromptPay payload", PAYLOAD],
    ["a slip upload link", SLIP_URL],
  ])("draws exactly qrcode.react's modules for %s, in a much shorter path", (_name, value) => {
    const original = renderToStaticMarkup(createElement(QRCodeSVG, { value, level: "M", marginSize: 2 }));
    const ours = renderToStaticMarkup(createElement(ServerQr, { value, label: "QR", size: 232 }));
    expect(attr(ours, "viewBox")).toBe(attr(original, "viewBox"));
    const originalD = attr(original, "d", 1);
    const oursD = attr(ours, "d");
    const want = modulesOfRectangles(originalD);
    expect(want.size).toBeGreaterThan(500);
    expect(modulesOfStrokes(oursD)).toEqual(want);
    expect(oursD.length).toBeLessThan(originalD.length * 0.55);
  });

  it("keeps the wrapper's name, the payload for tests and the decoration hidden from screen readers", () => {
    const html = renderToStaticMarkup(
      createElement(ServerQr, { value: PAYLOAD, label: "คิวอาร์พร้อมเพย์", size: 232, id: "payment-qr", testId: "payment-qr" }),
    );
    expect(html).toMatch(/^<div role="img" aria-label="คิวอาร์พร้อมเพย์" id="payment-qr"/);
    expect(html).toContain(`data-qr-value="${PAYLOAD}"`);
    expect(html).toContain('<svg viewBox="0 0 ');
    expect(html).toContain('aria-hidden="true"');
  });

  it("refuses a path it does not understand instead of drawing a wrong QR", () => {
    expect(() => runsOfQrcodeReactPath("M2 2h7v1H2zL3 3")).toThrow(/unexpected QR path at 11/);
    expect(() => runsOfQrcodeReactPath("M2 2h7v2H2z")).toThrow(/unexpected QR path at 0/);
  });

  it("moves relative within a row and absolute to a new row", () => {
    expect(
      strokePathOf([
        { x: 9, y: 3, length: 1 },
        { x: 2, y: 2, length: 7 },
        { x: 13, y: 2, length: 2 },
        { x: 2, y: 3, length: 1 },
      ]),
    ).toBe("M2 2.5h7m4 0h2M2 3.5h1m6 0h1");
  });
});
