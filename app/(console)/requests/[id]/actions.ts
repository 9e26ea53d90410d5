"use server";

import { z } from "zod";
import { ActionError, defineAction } from "@/lib/auth/action";
import type { Permission } from "@/lib/auth/permissions";
import { env } from "@/lib/env";
import { formatThb } from "@/lib/i18n";
import { getLocale } from "@/lib/i18n/server";
import { merchantApi } from "@/lib/provider";
import { factWords } from "@/lib/requests/notes";
import { recheckRequest } from "@/lib/requests/recheck";
import { runSandboxControl, sandboxControlSchema, type ControlFamily } from "@/lib/requests/sandbox-controls";
import { actionMessages } from "./action-messages";

/** "Re-check now": anyone who may see the request may ask the provider about it again. */
export const recheckRequestAction = defineAction({
  permission: "request.read",
  schema: z.object({ requestId: z.string().min(1) }),
  audit: "request.recheck",
  target: (input) => input.requestId,
  run: async ({ input, session, db }) => {
    const result = await recheckRequest(db, merchantApi, session, input.requestId, session.userId);
    const locale = await getLocale();
    if (!result.found) throw new ActionError(actionMessages(locale).notFound, {}, "not_found");
    return { before: result.before, after: result.after, changed: result.changed, note: factWords(result.note, locale) };
  },
});

/**
 * The sandbox buttons. Seeing a request is not enough to make money move, even pretend money:
 * pay-in controls need payin.create, pay-out controls payout.create, as creating them would.
 */
function sandboxControlAction(family: ControlFamily, permission: Permission) {
  return defineAction({
    permission,
    schema: sandboxControlSchema,
    audit: "request.sandbox-control",
    target: (input) => input.requestId,
    run: async ({ input, session, db }) => {
      const locale = await getLocale();
      const t = actionMessages(locale);
      const { isSandbox, providerBaseUrl } = env();
      if (!isSandbox) throw new ActionError(t.notSandbox, {}, "denied");
      const result = await runSandboxControl(
        { db, apiFor: merchantApi, scope: session, actorId: session.userId, sandboxUrl: providerBaseUrl },
        family,
        input,
      );
      switch (result.outcome) {
        case "not_found":
          throw new ActionError(t.notFound, {}, "not_found");
        case "not_allowed":
          throw new ActionError(t.notAllowed);
        case "sandbox_failed": {
          const { reason, detail } = result.result;
          if (result.reservedBy.length > 0) {
            // Named and linked, so the person can go and decide them (lib/requests/sandbox-controls.ts).
            const held = result.reservedBy.reduce((sum, r) => sum + (r.amountSatang ?? 0), 0);
            const links = result.reservedBy.map((r) => {
              const amount = r.amountSatang === null ? "?" : formatThb(r.amountSatang);
              return r.request
                ? { href: `/requests/${r.request.id}`, label: t.reservation(r.request.refId1, amount) }
                : { href: "", label: t.reservationElsewhere(amount) };
            });
            throw new ActionError(t.reservedBy(formatThb(held), result.reservedBy.length), {}, "failed", links);
          }
          throw new ActionError(reason === "unreachable" ? t.unreachable(detail) : reason === "refused" ? t.refused(detail) : t.noMatch);
        }
        case "done":
          return {
            before: result.recheck.before,
            after: result.recheck.after,
            changed: result.recheck.changed,
            note: factWords(result.recheck.note, locale),
          };
      }
    },
  });
}

export const sandboxPayInControlAction = sandboxControlAction("payin", "payin.create");
export const sandboxPayOutControlAction = sandboxControlAction("payout", "payout.create");
