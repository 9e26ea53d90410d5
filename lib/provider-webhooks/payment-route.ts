import "server-only";
import { getDb, getIntakeDb } from "@/lib/db";
import { env } from "@/lib/env";
import { defineWebhookRoute } from "@/lib/http/public-route";
import { merchantApiIn } from "@/lib/provider";
import { intakeGate, intakeUnavailable, isIntakeUnavailable, orUnavailable } from "./intake";
import { processLater } from "./queue";
import { checkWebhookSecret, receiveAuthenticated } from "./receive";

/**
 * POST /api/webhooks/payment — the provider's webhooks (lib/provider-webhooks), through the webhook door.
 * Served by the Pages Router (pages/api/webhooks/payment.ts, lib/http/pages-bridge.ts): its
 * route costs less than half the App Router's in CPU, and webhooks come in bursts.
 * Received on the intake's own connections, in turn (lib/provider-webhooks/intake.ts), and answered 503 +
 * Retry-After when the database cannot take the write; processed afterwards on the main pool.
 */
const gate = <T>(task: () => Promise<T>, bytes?: number) => intakeGate(env().WEBHOOK_INTAKE_POOL_SIZE).run(task, bytes);

export const receivePaymentWebhook = defineWebhookRoute({
  secretHeader: () => env().WEBHOOK_SECRET_HEADER,
  authenticate: async (secret, { request, ip, secretHeader }) => {
    try {
      const checked = await checkWebhookSecret(await getIntakeDb(), request, secret, { secretHeader, ip, gate });
      return checked.ok
        ? { ok: true, holder: checked.holders }
        : { ok: false, response: Response.json(checked.answer.body, { status: checked.answer.status }) };
    } catch (error) {
      if (!isIntakeUnavailable(error)) throw error;
      await request.body?.cancel().catch(() => undefined);
      return { ok: false, response: intakeUnavailable() };
    }
  },
  run: ({ request, ip, secretHeader, holder: holders }) =>
    orUnavailable(async () => {
      const [intake, db] = await Promise.all([getIntakeDb(), getDb()]);
      const result = await receiveAuthenticated(intake, request, holders, { secretHeader, ip, gate });
      const { deliveryId, prepared } = result;
      // Answered once stored, whatever the queue does: applied from it, or by the stranded sweep when it is full.
      if (deliveryId !== null && prepared !== null) processLater(db, merchantApiIn("webhook"), deliveryId, prepared);
      return Response.json(result.body, { status: result.status });
    }),
});
