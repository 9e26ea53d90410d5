// Your system's end of PayDesk's outbound webhooks, in plain Node plus the `standardwebhooks`
// package (npm install standardwebhooks):
//   PAYDESK_WEBHOOK_SECRET=whsec_… node examples/webhook-receiver.mjs
// then add http://127.0.0.1:4001/paydesk/webhooks as an endpoint in Settings → Outbound webhooks
// (an address on this machine is allowed in demo mode; in production it must be https and public).
// Each event is verified before anything is believed, and handled once: PayDesk retries until it
// gets a 2xx, so the same event (the same webhook-id) may come more than once.
import http from "node:http";
import { Webhook } from "standardwebhooks";

const secret = process.env.PAYDESK_WEBHOOK_SECRET;
const port = Number(process.env.RECEIVER_PORT ?? 4001);
if (!secret) throw new Error("Set PAYDESK_WEBHOOK_SECRET to the endpoint's signing secret (whsec_…).");
// During a rotation PayDesk signs with both secrets for 24 hours: either one verifies.
const verifier = new Webhook(secret);
const seen = new Set(); // webhook-ids handled already (keep these in your database)

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
        console.log(`verified ${event.type} ${event.data.id ?? ""} ${event.data.status ?? ""}`.trim());
      }
      response.writeHead(204).end(); // answer fast; do slow work after answering
    });
  })
  .listen(port, "127.0.0.1", () => console.log(`receiving PayDesk's webhooks on http://127.0.0.1:${port}/paydesk/webhooks`));
