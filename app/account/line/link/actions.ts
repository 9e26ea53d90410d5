"use server";

import { redirect } from "next/navigation";
import { ActionError, defineAction } from "@/lib/auth/action";
import { env } from "@/lib/env";
import { startLink } from "@/lib/line/linking";
import { lineRuleMessages } from "@/lib/line/rule-messages";
import { startLinkSchema } from "@/lib/line/schemas";

/**
 * The person confirms linking the LINE account that was sent this link (lib/line/linking.ts step 2):
 * a nonce for them alone, then LINE's own dialog, which sends PayDesk the `accountLink` event.
 */
export const startLineLinkAction = defineAction({
  permission: "signed-in",
  schema: startLinkSchema,
  audit: "account.line-link",
  run: async ({ input, session, db }) => {
    const started = await startLink(db, input.linkToken, session.userId);
    if (!started.ok)
      throw new ActionError(started.problem === "offer_expired" ? lineRuleMessages.keys.offerExpired : lineRuleMessages.keys.offerUnknown);
    const dialog = new URL("/dialog/bot/accountLink", env().lineAccessBaseUrl);
    dialog.searchParams.set("linkToken", input.linkToken);
    dialog.searchParams.set("nonce", started.nonce);
    redirect(dialog.href);
  },
  target: (_input, _data) => "line",
});
