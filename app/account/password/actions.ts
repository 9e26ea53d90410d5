"use server";

import { defineAction } from "@/lib/auth/action";
import { recordAudit } from "@/lib/auth/audit";
import { log } from "@/lib/ops/log";
import { changeOwnPassword } from "@/lib/staff/password";
import { withRulesAsActionErrors } from "@/lib/staff/as-action-error";
import { changePasswordSchema } from "@/lib/staff/schemas";

export const changePasswordAction = defineAction({
  // Any signed-in person, including one still on a one-time password: this is how they leave it.
  permission: "signed-in",
  whileMustChangePassword: true,
  schema: changePasswordSchema,
  audit: "staff.password-change",
  run: async ({ input, session, db, ip }) => {
    const { removedPasskeys } = await withRulesAsActionErrors(() =>
      changeOwnPassword(db, session.userId, input, session.signIn?.id ?? null),
    );
    // Each passkey the person did not keep is audited as removed, as the security page's removal is.
    for (const passkey of removedPasskeys)
      await recordAudit(db, {
        actorId: session.userId,
        action: "account.passkey-remove",
        outcome: "ok",
        ip,
        target: passkey.id,
        data: { name: passkey.name, with: "password change" },
      }).catch((error: unknown) => log("action").error("the audit row could not be written", { audit: "account.passkey-remove", error }));
    return { userId: session.userId, wasForced: session.mustChangePassword === true, removedPasskeys: removedPasskeys.length };
  },
  target: (_input, data) => data.userId,
});
