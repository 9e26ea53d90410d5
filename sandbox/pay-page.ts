/**
 * The spec's `paymentUrl` needs something to point at: a bare page showing the QR, with a button
 * that simulates the customer's bank transfer. Sandbox only; the live provider sends null (§4.1).
 */
import { formatBaht } from "../lib/money";
import type { SandboxContext } from "./context";
import { qrPngBase64 } from "./qr-png";
import type { PaymentRequest } from "./types";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderPayPage(ctx: SandboxContext, r: PaymentRequest): string {
  const merchant = ctx.store.get("merchants", r.merchantId);
  const amount = formatBaht(r.generatedSatang ?? r.requestedSatang);
  const qr =
    r.qrCode && r.status === "Pending"
      ? `<img alt="PromptPay QR for ${amount} THB" width="280" height="280" src="data:image/png;base64,${qrPngBase64(r.qrCode)}">`
      : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox payment ${escape(r.refId1)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#0f172a}strong{font-size:2rem}button{font:inherit;padding:.6rem 1rem}</style></head>
<body><p>Provider sandbox — not a real payment.</p><h1>${escape(merchant?.name ?? "Merchant")}</h1>
<p>Pay exactly <strong>${amount}</strong> THB</p><p>Status: <span id="status">${escape(r.status)}</span></p>${qr}
<p>${escape(r.payinBankCode ?? "")} ${escape(r.payinBankAccountNo ?? "")} · ${escape(r.payinBankAccountName ?? "")}</p>
${
  r.status === "Pending" && r.kind === "payin"
    ? `<button id="pay" type="button">Simulate the transfer</button>
<script>document.getElementById("pay").onclick=async()=>{const res=await fetch("/sandbox/requests/${r.id}/pay",{method:"POST"});const body=await res.json();document.getElementById("status").textContent=body.request?body.request.status:(body.error||"failed");};</script>`
    : ""
}
</body></html>`;
}
