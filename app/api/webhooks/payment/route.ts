import { after, type NextRequest } from "next/server";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { merchantApi } from "@/lib/payment-api";
import { ingestWebhook, MAX_WEBHOOK_BYTES } from "@/lib/webhooks/ingest";
import { processDelivery } from "@/lib/webhooks/process";

/** POST /api/webhooks/payment — the provider's webhooks (lib/webhooks). */
export async function POST(request: NextRequest): Promise<Response> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_WEBHOOK_BYTES) return Response.json({ status: "error", message: `A webhook body is at most ${MAX_WEBHOOK_BYTES} bytes.` }, { status: 413 });
  const db = await getDb();
  const result = await ingestWebhook(db, { secret: request.headers.get(env().WEBHOOK_SECRET_HEADER), rawBody: await request.text() });
  const { deliveryId, prepared } = result;
  // Answered once stored; applied right after the answer leaves.
  if (deliveryId !== null && prepared !== null) after(() => processDelivery(db, merchantApi, deliveryId, prepared).then(() => undefined));
  return Response.json(result.body, { status: result.status });
}
