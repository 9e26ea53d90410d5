// A shop in plain Node (no framework, no packages) that takes a payment through PayDesk's merchant API:
//   PAYDESK_URL=http://127.0.0.1:3000 PAYDESK_KEY=pdk_test_… node examples/shop.mjs
// then open http://127.0.0.1:4000 and press "Pay". The customer pays on PayDesk's checkout and comes
// back to /return; the shop then asks PayDesk whether the order is paid. The redirect proves nothing
// by itself (anyone can open /return?paydesk_id=…): only PayDesk's answer marks the order paid.
// Allow this shop's origin (http://127.0.0.1:4000) as a return origin in Settings → Merchants.
import { randomUUID } from "node:crypto";
import http from "node:http";

const paydesk = process.env.PAYDESK_URL ?? "http://127.0.0.1:3000";
const key = process.env.PAYDESK_KEY;
const port = Number(process.env.SHOP_PORT ?? 4000);
const shop = `http://127.0.0.1:${port}`;
if (!key) throw new Error("Set PAYDESK_KEY to an API key with the checkouts:write and requests:read scopes.");

const orders = new Map(); // order number → { paydeskId, paid }

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
  if (!response.ok) throw new Error(`${json.error.code}: ${json.error.message} (request ${json.error.request_id})`);
  return json;
}

const page = (res, html) =>
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><meta charset="utf-8">${html}`);

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
        orders.set(order, { paydeskId: checkout.id, paid: false });
        return res.writeHead(303, { location: checkout.checkout_url }).end();
      }
      if (url.pathname === "/return") {
        // Confirm with PayDesk: the query string is only a hint of which request to ask about.
        const request = await api("GET", `/checkouts/${encodeURIComponent(url.searchParams.get("paydesk_id") ?? "")}`);
        const order = orders.get(request.reference);
        if (order && request.status === "paid") order.paid = true;
        return page(
          res,
          order?.paid
            ? `<h1>Thank you: order ${request.reference} is paid.</h1>`
            : `<h1>Order ${request.reference}: ${request.status}</h1>`,
        );
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain; charset=utf-8" }).end(String(error.message));
    }
  })
  .listen(port, "127.0.0.1", () => console.log(`shop at ${shop}`));
