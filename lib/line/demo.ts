import "server-only";
import fs from "node:fs";
import { z } from "zod";
import type { Db } from "../db/client";
import type { KeyVault } from "../merchants/key-vault";
import { connectLine, lineChannelSummary, lineWebhookUrl } from "./channel";

const standInCredentials = z.object({ line: z.object({ channelAccessToken: z.string(), channelSecret: z.string() }) });

/**
 * Demo mode: connects the sandbox's LINE stand-in (sandbox/line) with no setup, from the
 * credentials the sandbox wrote, unless a LINE account is connected already; and tells the stand-in
 * where PayDesk's webhook is at every start, as it forgets when it restarts.
 */
export async function connectDemoLine(
  db: Db,
  vault: KeyVault,
  options: { credentialsFile: string; apiBaseUrl: string; publicBaseUrl: string },
): Promise<"connected" | "kept" | "no_stand_in"> {
  let credentials: z.infer<typeof standInCredentials>;
  try {
    credentials = standInCredentials.parse(JSON.parse(fs.readFileSync(options.credentialsFile, "utf8")));
  } catch {
    return "no_stand_in";
  }
  const existing = await lineChannelSummary(db);
  if (existing && existing.basicId !== "@paydesk-sandbox") return "kept";
  const outcome = await connectLine(db, vault, {
    accessToken: credentials.line.channelAccessToken,
    secret: credentials.line.channelSecret,
    staffId: existing?.connectedBy ?? null,
    webhookUrl: lineWebhookUrl(options.publicBaseUrl),
    apiBaseUrl: options.apiBaseUrl,
  });
  return outcome.ok ? "connected" : "no_stand_in";
}
