"use server";

import { ActionError, defineAction } from "@/lib/auth/action";
import { env } from "@/lib/env";
import { connectLine, disconnectLine, lineWebhookUrl } from "@/lib/line/channel";
import { saveLineGroup, saveLineMerchantSettings } from "@/lib/line/people";
import { lineRuleMessages } from "@/lib/line/rule-messages";
import { connectLineSchema, emptySchema, lineGroupSchema, lineMerchantSchema } from "@/lib/line/schemas";
import { keyVault } from "@/lib/merchants/vault";

/**
 * Settings → LINE (docs/DESIGN.md §17.1): connect the merchant's LINE Official Account (the token
 * checked with LINE first; token and secret sealed, never shown again), disconnect it, and give the
 * groups the bot was invited to a merchant and kinds of message. Connecting and disconnecting are
 * what a secret changes: a fresh second factor first. Audited by the action door.
 */
const R = lineRuleMessages.keys;

export const connectLineAction = defineAction({
  stepUp: true,
  permission: "merchant.manage",
  schema: connectLineSchema,
  audit: "line.connect",
  run: async ({ input, session, db }) => {
    const outcome = await connectLine(db, keyVault(), {
      accessToken: input.accessToken,
      secret: input.secret,
      staffId: session.userId,
      webhookUrl: lineWebhookUrl(env().PUBLIC_BASE_URL),
    });
    if (!outcome.ok) {
      if (outcome.problem === "token_refused") throw new ActionError(R.tokenRefused, { accessToken: [R.tokenRefused] });
      const detail =
        outcome.failure.kind === "unavailable" ? (outcome.failure.status ? `HTTP ${outcome.failure.status}` : outcome.failure.message) : "";
      throw new ActionError(`${R.lineUnavailable}:${detail}`);
    }
    return { basicId: outcome.bot.basicId, webhookSet: outcome.webhookSet };
  },
  target: (_input, data) => data.basicId,
});

export const disconnectLineAction = defineAction({
  stepUp: true,
  permission: "merchant.manage",
  schema: emptySchema,
  audit: "line.disconnect",
  run: async ({ db }) => {
    if (!(await disconnectLine(db))) throw new ActionError(R.notConnected, {}, "not_found");
    return { disconnected: true };
  },
  target: () => "line",
});

export const saveLineGroupAction = defineAction({
  permission: "merchant.manage",
  schema: lineGroupSchema,
  audit: "line.group",
  run: async ({ input, session, db }) => {
    const merchantId = input.merchantId === "" ? null : input.merchantId;
    // Only a merchant the person sees.
    if (merchantId && session.merchantIds !== null && !session.merchantIds.includes(merchantId))
      throw new ActionError(R.merchantUnknown, { merchantId: [R.merchantUnknown] });
    const saved = await saveLineGroup(db, { groupId: input.groupId, merchantId, kinds: input.kinds });
    if (!saved) throw new ActionError(merchantId ? R.merchantUnknown : R.groupGone, {}, "not_found");
    return { groupId: input.groupId };
  },
  target: (input) => input.groupId,
});

export const saveLineMerchantAction = defineAction({
  permission: "merchant.manage",
  schema: lineMerchantSchema,
  audit: "line.merchant",
  run: async ({ input, session, db }) => {
    if (session.merchantIds !== null && !session.merchantIds.includes(input.merchantId))
      throw new ActionError(R.merchantUnknown, {}, "not_found");
    const saved = await saveLineMerchantSettings(db, input.merchantId, {
      threshold: input.threshold,
      summaryTime: input.summaryTime || null,
    });
    if (!saved) throw new ActionError(R.merchantUnknown, {}, "not_found");
    return { merchantId: input.merchantId };
  },
  target: (input) => input.merchantId,
});
