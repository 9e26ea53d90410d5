import { defineApiRoute } from "@/lib/merchant-api/http/route";
import { apiCall } from "@/lib/merchant-api/call";
import { ENDPOINTS } from "@/lib/merchant-api/endpoints";
import { createRefund, listRefunds } from "@/lib/merchant-api/refunds";

export const dynamic = "force-dynamic";

export const GET = defineApiRoute<typeof ENDPOINTS.listRefunds, { id: string }>(ENDPOINTS.listRefunds, async ({ db, key, params }) => ({
  status: 200,
  body: await listRefunds(apiCall(db, key), params.id),
}));

export const POST = defineApiRoute<typeof ENDPOINTS.createRefund, { id: string }>(ENDPOINTS.createRefund, ({ db, key, body, params }) =>
  createRefund(apiCall(db, key), params.id, body),
);
