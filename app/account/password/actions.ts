"use server";

import { defineAction } from "@/lib/auth/action";
import { changeOwnPassword } from "@/lib/staff/password";
import { withRulesAsActionErrors } from "@/lib/staff/as-action-error";
import { changePasswordSchema } from "@/lib/staff/schemas";

export const changePasswordAction = defineAction({
  // Any signed-in person, including one still on a one-time password: this is how they leave it.
  permission: "signed-in",
  whileMustChangePassword: true,
  schema: changePasswordSchema,
  audit: "staff.password-change",
  run: async ({ input, session, db }) => {
    await withRulesAsActionErrors(() => changeOwnPassword(db, session.userId, input, session.signIn?.id ?? null));
    return { userId: session.userId, wasForced: session.mustChangePassword === true };
  },
  target: (_input, data) => data.userId,
});
