// A shop in plain Node (no framework, no packages) that takes a payment through PayDesk's merchant API:
//   PAYDESK_URL=http://127.0.0.1:3000 PAYDESK_KEY=pdk_test_… node examples/shop.mjs
// then open http://127.0.0.1:4000 and press "Pay". The customer pays on PayDesk's checkout and comes
// back to /return; the shop then asks PayDesk whether the order is paid. The redirect proves nothing
// by itself (anyone can open /return?paydesk_id=…): only PayDesk's answer marks the order paid.
// Allow this shop's origin (http://127.0.0.1:4000) as a return origin in Settings → Merchants.
// The order's page (/orders/<order>) refunds a paid order to the customer's PromptPay when the key
// also has the payouts:write scope; without it PayDesk refuses and the page says so.
import { randomUUID } from "node:crypto";
import http from "node:http";

const paydesk = process.env.PAYDESK_URL ?? "http://127.0.0.1:3000";
const key = process.env.PAYDESK_KEY;
const port = Number(process.env.SHOP_PORT ?? 4000);
const shop = `http://127.0.0.1:${port}`;
if (!key) throw new Error("Set PAYDESK_KEY to an API key with the checkouts:write and requests:read scopes.");

const orders = new Map(); // order number → { paydeskId, paid, refundsAsked }

async function api(method, path, body, idempotencyKey) {
  const response = await fetch(`${paydesk}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body ? { "content-type": "application/json" } : {}),
      // The same key on a retry answers the first answer: a lost answer never makes a second checkout.
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok)
    throw Object.assign(new Error(`${json.error.code}: ${json.error.message} (request ${json.error.request_id})`), {
      status: response.status,
    });
  return json;
}

// A request that ended paid: `paid`, or `approved` when the live provider's staff approved it by hand
// (docs/merchant-api.md, States). Never `paid` alone: a shop that waits for it waits forever there.
const endedPaid = (status) => status === "paid" || status === "approved";

// Everything PayDesk answers or a visitor typed goes into the page escaped.
const esc = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (res, html, status = 200) =>
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><meta charset="utf-8">${html}`);
const formOf = async (req) => {
  let text = "";
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
};

// What PayDesk says of an order's payment and refunds, and a form for another refund while any is left.
async function orderPage(res, number, order, problem) {
  const request = await api("GET", `/checkouts/${encodeURIComponent(order.paydeskId)}`);
  let html = `<h1>Order ${esc(number)}: ${esc(request.status)}</h1>`;
  if (problem) html += `<p role="alert">PayDesk said: ${esc(problem)}</p>`;
  if (endedPaid(request.status)) {
    const r = await api("GET", `/payment-requests/${encodeURIComponent(order.paydeskId)}/refunds`);
    html += `<dl><dt>Paid</dt><dd>฿${r.amount_paid}</dd><dt>Refunded</dt><dd>฿${r.amount_refunded}</dd>`;
    html += `<dt>Refunds on their way</dt><dd>฿${r.amount_refund_pending}</dd><dt>Left to refund</dt><dd>฿${r.amount_refundable}</dd></dl>`;
    html += `<ul>${r.data.map((f) => `<li data-ref="${esc(f.ref_id1)}">Refund ${esc(f.ref_id1)}: ฿${esc(f.amount)}, ${esc(f.status)}</li>`).join("")}</ul>`;
    if (r.amount_refundable !== "0.00")
      html +=
        `<form method="post" action="/orders/${esc(encodeURIComponent(number))}/refund">` +
        `<label>Amount <input name="amount" value="${esc(r.amount_refundable)}"></label> ` +
        `<label>Customer's PromptPay number <input name="promptpay_id" inputmode="numeric"></label> ` +
        `<button>Refund</button></form>`;
  }
  return page(res, html, problem ? 400 : 200);
}

http
  .createServer(async (req, res) => {
    const url = new URL(req.url, shop);
    try {
      if (url.pathname === "/")
        return page(res, `<h1>Coffee beans, 250 g — ฿350.00</h1><form method="post" action="/pay"><button>Pay</button></form>`);
      if (url.pathname === "/pay" && req.method === "POST") {
        const order = `ORDER-${Date.now()}`;
        const checkout = await api(
          "POST",
          "/checkouts",
          { amount: "350.00", reference: order, payer: { name: "Walk-in customer" }, return_url: `${shop}/return`, cancel_url: `${shop}/` },
          randomUUID(),
        );
        orders.set(order, { paydeskId: checkout.id, paid: false, refundsAsked: 0 });
        return res.writeHead(303, { location: checkout.checkout_url }).end();
      }
      if (url.pathname === "/return") {
        // Confirm with PayDesk: the query string is only a hint of which request to ask about.
        const request = await api("GET", `/checkouts/${encodeURIComponent(url.searchParams.get("paydesk_id") ?? "")}`);
        const order = orders.get(request.reference);
        if (order && endedPaid(request.status)) order.paid = true;
        return page(
          res,
          order?.paid
            ? `<h1>Thank you: order ${esc(request.reference)} is paid.</h1><a href="/orders/${esc(encodeURIComponent(request.reference))}">Your order</a>`
            : `<h1>Order ${esc(request.reference)}: ${esc(request.status)}</h1>`,
        );
      }
      const [, number, action] = url.pathname.match(/^\/orders\/([^/]+)(\/refund)?$/) ?? [];
      const order = number && orders.get(decodeURIComponent(number));
      if (order && !action) return await orderPage(res, decodeURIComponent(number), order);
      if (order && action && req.method === "POST") {
        const form = await formOf(req);
        const n = order.refundsAsked + 1;
        try {
          // A refund is a Pay-Out to the customer. One key per refund the shop means to make: a form sent
          // twice (a double click, a retry) answers the first refund again instead of paying twice.
          await api(
            "POST",
            `/payment-requests/${encodeURIComponent(order.paydeskId)}/refunds`,
            {
              amount: form.get("amount"),
              reference: `${decodeURIComponent(number)}-R${n}`,
              destination: { type: "promptpay", promptpay_id: form.get("promptpay_id") ?? "" },
            },
            `${order.paydeskId}-refund-${n}`,
          );
        } catch (error) {
          // Refused (4xx): PayDesk keeps that answer for the key, so the next try is a new refund with a
          // new key. A 5xx or a lost answer keeps the number: sending the form again retries it safely.
          if (error.status < 500) order.refundsAsked = n;
          return await orderPage(res, decodeURIComponent(number), order, error.message);
        }
        order.refundsAsked = n;
        return res.writeHead(303, { location: `/orders/${number}` }).end();
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain; charset=utf-8" }).end(String(error.message));
    }
  })
  .listen(port, "127.0.0.1", () => console.log(`shop at ${shop}`));
