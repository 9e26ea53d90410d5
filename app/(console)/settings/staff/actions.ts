"use server";

import { defineAction } from "@/lib/auth/action";
import type { Role } from "@/lib/db/schema";
import { withRulesAsActionErrors } from "@/lib/staff/as-action-error";
import { secondFactorPolicySchema } from "@/lib/auth/second-factor-rules";
import {
  changeStaffAccess,
  inviteStaff,
  resetStaffPassword,
  endAllSessionsOf,
  resetStaffSecondFactor,
  setSecondFactorPolicy,
  setStaffDisabled,
} from "@/lib/staff/manage";
import { inviteStaffSchema, staffAccessSchema, staffIdSchema } from "@/lib/staff/schemas";

// The rules (not yourself, never zero active admins, only an admin with every merchant) live in
// lib/staff/manage.ts; these actions only connect them to the one door (lib/auth/action.ts).

export const inviteStaffAction = defineAction({
  permission: "staff.manage",
  schema: inviteStaffSchema,
  audit: "staff.invite",
  // The one-time password is answered once, for the admin to hand over; it is stored only hashed.
  run: ({ input, session, db }) => withRulesAsActionErrors(() => inviteStaff(db, session, input)),
  target: (_input, data) => data.id,
});

export const changeStaffAccessAction = defineAction({
  stepUp: true,
  permission: "staff.manage",
  schema: staffAccessSchema,
  audit: "staff.change-access",
  run: async ({ input, session, db }) => {
    await withRulesAsActionErrors(() => changeStaffAccess(db, session, input));
    return { userId: input.userId };
  },
  target: (input) => input.userId,
});

export const disableStaffAction = defineAction({
  permission: "staff.manage",
  schema: staffIdSchema,
  audit: "staff.disable",
  run: async ({ input, session, db }) => {
    await withRulesAsActionErrors(() => setStaffDisabled(db, session, input.userId, true));
    return { userId: input.userId, isDisabled: true };
  },
  target: (input) => input.userId,
});

export const enableStaffAction = defineAction({
  permission: "staff.manage",
  schema: staffIdSchema,
  audit: "staff.enable",
  run: async ({ input, session, db }) => {
    await withRulesAsActionErrors(() => setStaffDisabled(db, session, input.userId, false));
    return { userId: input.userId, isDisabled: false };
  },
  target: (input) => input.userId,
});

export const resetStaffPasswordAction = defineAction({
  permission: "staff.manage",
  schema: staffIdSchema,
  audit: "staff.reset-password",
  run: async ({ input, session, db }) => {
    const reset = await withRulesAsActionErrors(() => resetStaffPassword(db, session, input.userId));
    return { userId: input.userId, oneTimePassword: reset.oneTimePassword };
  },
  target: (input) => input.userId,
});

export const resetStaffSecondFactorAction = defineAction({
  permission: "staff.manage",
  schema: staffIdSchema,
  audit: "staff.reset-second-factor",
  run: async ({ input, session, db }) => {
    await withRulesAsActionErrors(() => resetStaffSecondFactor(db, session, input.userId));
    return { userId: input.userId };
  },
  target: (input) => input.userId,
});

export const secondFactorPolicyAction = defineAction({
  permission: "staff.manage",
  schema: secondFactorPolicySchema,
  audit: "security.second-factor-policy",
  run: async ({ input, session, db }) => ({
    roles: await withRulesAsActionErrors(() => setSecondFactorPolicy(db, session, input.roles as Role[])),
  }),
  target: () => null,
});

/** Ends every session of another person (a lost laptop): over at their next request, on every instance. */
export const endStaffSessionsAction = defineAction({
  permission: "staff.manage",
  schema: staffIdSchema,
  audit: "staff.end-sessions",
  run: async ({ input, session, db }) => ({
    userId: input.userId,
    ended: await withRulesAsActionErrors(() => endAllSessionsOf(db, session, input.userId)),
  }),
  target: (input) => input.userId,
});
