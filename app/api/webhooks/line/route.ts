import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { afterAnswer } from "@/lib/http/after-answer";
import { defineWebhookRoute } from "@/lib/http/public-route";
import { readCappedBody } from "@/lib/http/read-capped-body";
import { lineChannelSecrets } from "@/lib/line/channel";
import { lineApi } from "@/lib/line/client";
import { handleLineEvents, receiveLineEvents } from "@/lib/line/events";
import { keyVault } from "@/lib/merchants/vault";

/**
 * POST /api/webhooks/line — LINE's webhook events for the connected Official Account (lib/line/events.ts):
 * signature checked over the raw body, each event stored once, answered at once (LINE waits 2 s),
 * then acted on. Without a connected channel there is no secret to check against: 404.
 */
export const dynamic = "force-dynamic";

const LINE_BODY_LIMIT = 1024 * 1024;

export const POST = defineWebhookRoute({
  secretHeader: () => "x-line-signature",
  authenticate: async (signature) =>
    signature
      ? { ok: true, holder: signature }
      : { ok: false, response: Response.json({ error: "The x-line-signature header is missing." }, { status: 401 }) },
  run: async ({ request, holder: signature }) => {
    const db = await getDb();
    const channel = await lineChannelSecrets(db, keyVault());
    if (!channel) return Response.json({ error: "No LINE Official Account is connected to PayDesk." }, { status: 404 });
    const body = await readCappedBody(request, LINE_BODY_LIMIT);
    if (!body.ok) return Response.json({ error: "The body is larger than 1 MiB." }, { status: 413 });
    const intake = await receiveLineEvents(db, channel.secret, new TextDecoder().decode(body.bytes), signature);
    if (intake.fresh.length > 0) {
      const settings = env();
      const deps = { api: lineApi(channel.accessToken), consoleUrl: settings.CONSOLE_URL ?? settings.PUBLIC_BASE_URL };
      await afterAnswer(() => handleLineEvents(db, deps, { ids: intake.fresh }));
    }
    return Response.json(intake.body, { status: intake.status });
  },
});
