"use server";

import { z } from "zod";
import { ActionError, defineAction } from "@/lib/auth/action";
import { getMerchantInScope } from "@/lib/merchants/queries";
import { getLocale } from "@/lib/i18n/server";
import { merchantApi } from "@/lib/provider";
import { runStatement } from "@/lib/wallet/statement";
import { parseDay } from "@/lib/wallet/statement-view";
import { statementMessages } from "@/components/console/statement/statement-messages";

/**
 * "Read and reconcile now": the day's movements read again from the provider with the merchant's
 * read key, in the reconciliation lane of the provider budget (staff work keeps its share), and the
 * statement worked out again.
 */
export const runStatementAction = defineAction({
  permission: "statement.read",
  schema: z.object({ merchantId: z.string().min(1), day: z.string() }),
  audit: "statement.run",
  target: (input) => `${input.merchantId} ${input.day}`,
  run: async ({ input, session, db }) => {
    const t = statementMessages(await getLocale());
    const day = parseDay(input.day);
    if (!day) throw new ActionError(t.badDay, { day: [t.badDay] });
    if (day > new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date()))
      throw new ActionError(t.futureDay, { day: [t.futureDay] });
    const merchant = await getMerchantInScope(db, session, input.merchantId);
    if (!merchant) throw new ActionError(t.noMerchant, {}, "not_found");
    const api = await merchantApi(merchant.id, "reconcile");
    if (!api) throw new ActionError(t.noMerchant, {}, "not_found");
    const result = await runStatement(db, merchant.id, day, api);
    return "failure" in result ? { failure: result.failure } : { findings: result.findings.length, movements: result.movements };
  },
});
