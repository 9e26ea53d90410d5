import type { NextRequest } from "next/server";
import { clientIpFrom } from "@/lib/http/request-ip";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { merchantApiIn } from "@/lib/payment-api";
import { processLater } from "@/lib/webhooks/queue";
import { receiveWebhook } from "@/lib/webhooks/receive";

/** POST /api/webhooks/payment — the provider's webhooks (lib/webhooks). */
export async function POST(request: NextRequest): Promise<Response> {
  const db = await getDb();
  const result = await receiveWebhook(db, request, { secretHeader: env().WEBHOOK_SECRET_HEADER, ip: clientIpFrom(request.headers) });
  const { deliveryId, prepared } = result;
  // Answered once stored, whatever the queue does: applied from it, or by the stranded sweep when it is full.
  if (deliveryId !== null && prepared !== null) processLater(db, merchantApiIn("webhook"), deliveryId, prepared);
  return Response.json(result.body, { status: result.status });
}
