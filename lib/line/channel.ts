import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { lineChannel } from "../db/schema";
import { KeyVaultError, type KeySlot, type KeyVault } from "../merchants/key-vault";
import { callLine, lineApi, type LineFailure } from "./client";

/**
 * The merchant's LINE Official Account (Settings → LINE): its channel access token and channel
 * secret, sealed in the key vault like the provider's keys and bound to their row and column, kept
 * only when LINE answers bot info for the token. Connecting also tells LINE where to send events
 * (the webhook endpoint), which LINE accepts only over https; when it does not, the admin pastes
 * the address in the LINE Developers console by hand.
 */
const ROW = "line";
const tokenSlot: KeySlot = { merchantId: ROW, field: "lineAccessToken" };
const secretSlot: KeySlot = { merchantId: ROW, field: "lineSecret" };

export interface LineBot {
  botUserId: string;
  basicId: string;
  displayName: string;
}

export interface LineChannelSecrets extends LineBot {
  accessToken: string;
  secret: string;
}

export type ConnectOutcome =
  { ok: true; bot: LineBot; webhookSet: boolean } | { ok: false; problem: "token_refused" | "line_unavailable"; failure: LineFailure };

/** The webhook address LINE is to call: PUBLIC_BASE_URL's `/api/webhooks/line`. */
export function lineWebhookUrl(publicBaseUrl: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/api/webhooks/line`;
}

export async function connectLine(
  db: Db,
  vault: KeyVault,
  input: { accessToken: string; secret: string; staffId: string | null; webhookUrl: string; apiBaseUrl?: string },
): Promise<ConnectOutcome> {
  const api = lineApi(input.accessToken, input.apiBaseUrl);
  const info = await callLine(() => api.getBotInfoWithHttpInfo());
  if (!info.ok)
    return { ok: false, problem: info.failure.kind === "refused" ? "token_refused" : "line_unavailable", failure: info.failure };
  const bot = { botUserId: info.value.userId, basicId: info.value.basicId, displayName: info.value.displayName };
  const values = {
    accessTokenSealed: vault.seal(input.accessToken, tokenSlot),
    secretSealed: vault.seal(input.secret, secretSlot),
    ...bot,
    connectedBy: input.staffId,
    connectedAt: new Date(),
  };
  await db
    .insert(lineChannel)
    .values({ id: ROW, ...values })
    .onConflictDoUpdate({ target: lineChannel.id, set: values });
  const webhook = await callLine(() => api.setWebhookEndpointWithHttpInfo({ endpoint: input.webhookUrl }));
  return { ok: true, bot, webhookSet: webhook.ok };
}

/** The connected channel, opened; null when none is connected. A value the vault cannot open is thrown (KeyVaultError). */
export async function lineChannelSecrets(db: Db, vault: KeyVault): Promise<LineChannelSecrets | null> {
  const [row] = await db.select().from(lineChannel).where(eq(lineChannel.id, ROW));
  if (!row) return null;
  return {
    accessToken: vault.open(row.accessTokenSealed, tokenSlot),
    secret: vault.open(row.secretSealed, secretSlot),
    botUserId: row.botUserId,
    basicId: row.basicId,
    displayName: row.displayName,
  };
}

/** What the settings page shows: the bot, who connected it and when; never the token or secret. */
export async function lineChannelSummary(db: Db) {
  const [row] = await db
    .select({
      basicId: lineChannel.basicId,
      displayName: lineChannel.displayName,
      connectedBy: lineChannel.connectedBy,
      connectedAt: lineChannel.connectedAt,
    })
    .from(lineChannel)
    .where(eq(lineChannel.id, ROW));
  return row ?? null;
}

export async function disconnectLine(db: Db): Promise<boolean> {
  const removed = await db.delete(lineChannel).where(eq(lineChannel.id, ROW)).returning({ id: lineChannel.id });
  return removed.length > 0;
}

/** Start-up: the channel's two sealed values sealed again with the current ENCRYPTION_KEY when stale; false when they cannot be opened. */
export async function resealLineChannel(db: Db, vault: KeyVault): Promise<"fresh" | "resealed" | "unreadable"> {
  const [row] = await db.select().from(lineChannel).where(eq(lineChannel.id, ROW));
  if (!row || (!vault.isStale(row.accessTokenSealed) && !vault.isStale(row.secretSealed))) return "fresh";
  try {
    await db
      .update(lineChannel)
      .set({ accessTokenSealed: vault.reseal(row.accessTokenSealed, tokenSlot), secretSealed: vault.reseal(row.secretSealed, secretSlot) })
      .where(eq(lineChannel.id, ROW));
    return "resealed";
  } catch (error) {
    if (error instanceof KeyVaultError) return "unreadable";
    throw error;
  }
}
