import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { defineWebhookRoute } from "@/lib/http/public-route";
import { merchantApiIn } from "@/lib/payment-api";
import { processLater } from "@/lib/webhooks/queue";
import { checkWebhookSecret, receiveAuthenticated } from "@/lib/webhooks/receive";

/** POST /api/webhooks/payment — the provider's webhooks (lib/webhooks), through the webhook door. */
export const POST = defineWebhookRoute({
  secretHeader: () => env().WEBHOOK_SECRET_HEADER,
  authenticate: async (secret, { request, ip, secretHeader }) => {
    const checked = await checkWebhookSecret(await getDb(), request, secret, { secretHeader, ip });
    return checked.ok
      ? { ok: true, holder: checked.holders }
      : { ok: false, response: Response.json(checked.answer.body, { status: checked.answer.status }) };
  },
  run: async ({ request, ip, secretHeader, holder: holders }) => {
    const db = await getDb();
    const result = await receiveAuthenticated(db, request, holders, { secretHeader, ip });
    const { deliveryId, prepared } = result;
    // Answered once stored, whatever the queue does: applied from it, or by the stranded sweep when it is full.
    if (deliveryId !== null && prepared !== null) processLater(db, merchantApiIn("webhook"), deliveryId, prepared);
    return Response.json(result.body, { status: result.status });
  },
});
