// Your system's end of PayDesk's outbound webhooks, in plain Node plus the `standardwebhooks`
// package (npm install standardwebhooks):
//   PAYDESK_WEBHOOK_SECRET=whsec_… node examples/webhook-receiver.mjs
// then add http://127.0.0.1:4001/paydesk/webhooks as an endpoint in Settings → Outbound webhooks
// (an address on this machine is allowed in demo mode; in production it must be https and public).
// Each event is verified before anything is believed, and handled once: PayDesk retries until it
// gets a 2xx, so the same event (the same webhook-id) may come more than once. Events may also come
// out of order — a retry of an older event (payout.partially_paid) can arrive after a newer one
// (payout.paid) — so each carries `sequence`, its number among its request's events: keep the
// highest applied per request and ignore anything lower.
import http from "node:http";
import { Webhook } from "standardwebhooks";

const secret = process.env.PAYDESK_WEBHOOK_SECRET;
const port = Number(process.env.RECEIVER_PORT ?? 4001);
if (!secret) throw new Error("Set PAYDESK_WEBHOOK_SECRET to the endpoint's signing secret (whsec_…).");
// During a rotation PayDesk signs with both secrets for 24 hours: either one verifies.
const verifier = new Webhook(secret);
const seen = new Set(); // webhook-ids handled already (keep these in your database)
const latest = new Map(); // request id → the highest sequence applied (keep it with your order)

http
  .createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8"); // the raw body: verify before parsing
      let event;
      try {
        event = verifier.verify(body, {
          "webhook-id": request.headers["webhook-id"],
          "webhook-timestamp": request.headers["webhook-timestamp"],
          "webhook-signature": request.headers["webhook-signature"],
        });
      } catch {
        response.writeHead(400).end("bad signature");
        console.log("refused: the signature does not verify");
        return;
      }
      const id = request.headers["webhook-id"];
      if (!seen.has(id)) {
        seen.add(id);
        // event.data is the request as GET /api/v1/payment-requests/{id} shows it.
        const requestId = event.data.id;
        const have = requestId === undefined ? undefined : latest.get(requestId);
        if (typeof event.sequence === "number" && have !== undefined && event.sequence <= have) {
          // Older than what this request already shows: applying it would go backwards.
          console.log(`ignored older ${event.type} ${requestId} ${event.sequence} (have ${have})`);
        } else {
          if (typeof event.sequence === "number") latest.set(requestId, event.sequence);
          console.log(`verified ${event.type} ${requestId ?? ""} ${event.data.status ?? ""} ${event.sequence ?? ""}`.trim());
        }
      }
      response.writeHead(204).end(); // answer fast; do slow work after answering
    });
  })
  .listen(port, "127.0.0.1", () => console.log(`receiving PayDesk's webhooks on http://127.0.0.1:${port}/paydesk/webhooks`));
