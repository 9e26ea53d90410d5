import { createHash, timingSafeEqual } from "node:crypto";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { definePublicRoute } from "@/lib/http/public-route";
import { collectMetrics } from "@/lib/ops/metrics";
import { prometheus, render } from "@/lib/ops/prometheus";

/**
 * GET /api/metrics — PayDesk's figures for a Prometheus server (lib/ops/metrics.ts says which), in
 * its text format. Off unless METRICS_TOKEN is set (404 saying so); then only a scrape that sends
 * `Authorization: Bearer <METRICS_TOKEN>` gets them (401 otherwise). The figures name no merchant,
 * person or amount, but how much money is in flight is nobody else's business either.
 */
export const dynamic = "force-dynamic";

const digest = (text: string) => createHash("sha256").update(text).digest();
const noStore = { "Cache-Control": "no-store" };

export const GET = definePublicRoute({
  run: async ({ request }) => {
    const token = env().METRICS_TOKEN;
    if (!token)
      return Response.json(
        { error: "Metrics are off. Set METRICS_TOKEN on the server and scrape with Authorization: Bearer <that token>." },
        { status: 404, headers: noStore },
      );
    const sent = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
    if (!timingSafeEqual(digest(sent), digest(token)))
      return Response.json(
        { error: "Send METRICS_TOKEN as Authorization: Bearer <token>." },
        { status: 401, headers: { ...noStore, "WWW-Authenticate": 'Bearer realm="paydesk-metrics"' } },
      );
    const body = await render(await collectMetrics(getDb));
    return new Response(body, { headers: { ...noStore, "Content-Type": prometheus().registry.contentType } });
  },
});
