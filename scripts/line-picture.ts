/**
 * `node --import tsx --conditions=react-server scripts/line-picture.ts`: draws README's picture of a LINE message
 * (docs/images/line-approval.png) from the message PayDesk really sends (lib/line/messages.ts), laid
 * out as LINE lays out a Flex bubble, in Debian's Chromium. Run again when the message changes.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { requestMessage } from "../lib/line/messages";
import { toSatang } from "../lib/money";

type Node = Record<string, unknown>;
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A Flex component as LINE draws it, for the few kinds PayDesk's messages use. */
function draw(node: Node): string {
  if (node.type === "text") {
    const size = { xl: "22px", md: "16px", sm: "13px" }[String(node.size ?? "md")] ?? "15px";
    const style = `font-size:${size};${node.weight === "bold" ? "font-weight:700;" : ""}color:${String(node.color ?? "#111827")};flex:${Number(node.flex ?? 1)}`;
    return `<div style="${style}">${escape(String(node.text))}</div>`;
  }
  if (node.type === "button") {
    const action = node.action as { label: string };
    return `<div style="background:${String(node.color)};color:#fff;text-align:center;border-radius:8px;padding:10px;font-weight:700">${escape(action.label)}</div>`;
  }
  const contents = ((node.contents as Node[] | undefined) ?? []).map(draw).join("");
  const direction = node.layout === "baseline" || node.layout === "horizontal" ? "row" : "column";
  return `<div style="display:flex;flex-direction:${direction};gap:${node.spacing ? "8px" : "0"}">${contents}</div>`;
}

const message = requestMessage(
  "approval.waiting",
  { id: "req_7f3a9c", merchant: "Siam Coffee", kind: "payout", refId1: "PO-20261129-0042", amountSatang: toSatang("60000.00") },
  "th",
  "https://paydesk.example.co.th/requests/req_7f3a9c",
);
const bubble = message.contents as { body: Node; footer: Node };
// Thai in the project's own font (no system font has it here), embedded: the page is set from a string.
const font = (weight: number) =>
  `@font-face{font-family:"Noto Sans Thai";font-weight:${weight};src:url(data:font/woff2;base64,${fs
    .readFileSync(
      path.join(
        import.meta.dirname,
        "..",
        "node_modules",
        "@fontsource",
        "noto-sans-thai",
        "files",
        `noto-sans-thai-thai-${weight}-normal.woff2`,
      ),
    )
    .toString("base64")}) format("woff2")}`;
const html = `<!doctype html><html lang="th"><head><meta charset="utf-8"><style>${font(400)}${font(700)}
  body{margin:0;background:#8cabd8;font-family:"Noto Sans Thai","Noto Sans",sans-serif;padding:24px;width:420px}
  .who{color:#fff;font-size:13px;margin:0 0 6px 52px}
  .row{display:flex;gap:10px;align-items:flex-start}
  .icon{width:40px;height:40px;border-radius:50%;background:#047857;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:700}
  .bubble{background:#fff;border-radius:16px;width:300px;overflow:hidden}
  .body{padding:18px 18px 12px}.footer{padding:0 14px 14px}
</style></head><body>
  <p class="who">PayDesk</p>
  <div class="row"><div class="icon">P</div><div class="bubble"><div class="body">${draw(bubble.body)}</div><div class="footer">${draw(bubble.footer)}</div></div></div>
</body></html>`;

const browser = await chromium.launch({ executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined });
const page = await browser.newPage({ viewport: { width: 468, height: 320 }, deviceScaleFactor: 2 });
await page.setContent(html);
const out = path.join(import.meta.dirname, "..", "docs", "images", "line-approval.png");
fs.mkdirSync(path.dirname(out), { recursive: true });
await page.locator("body").screenshot({ path: out });
await browser.close();
console.log(`wrote ${out}: ${message.altText}`);
