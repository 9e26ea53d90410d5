import { defineApiRoute } from "@/lib/merchant-api/http/route";
import { apiCall } from "@/lib/merchant-api/call";
import { ENDPOINTS } from "@/lib/merchant-api/endpoints";
import { listBalanceTransactions } from "@/lib/merchant-api/balance";

export const dynamic = "force-dynamic";

export const GET = defineApiRoute(ENDPOINTS.listBalanceTransactions, async ({ db, key, query }) => ({
  status: 200,
  body: await listBalanceTransactions(apiCall(db, key), query),
}));
