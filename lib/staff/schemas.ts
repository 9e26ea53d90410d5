import { z } from "zod";
import type { Role } from "../db/schema";
import { MAX_PASSWORD_LENGTH, staffMessages } from "./rule-messages";

/**
 * The staff forms' schemas (invite, role and merchants, choose a password), shared by the browser
 * (react-hook-form's zodResolver) and the server actions, so both say the same thing. Messages are
 * keys; the forms word them in the person's language (lib/staff/rule-messages.ts).
 * This file reaches the browser: nothing server-only is imported here.
 */

export { MAX_PASSWORD_LENGTH };

/** The forms' rules, as message keys (worded by ./rule-messages.ts). */
export const STAFF_RULES = staffMessages.keys;

const email = z
  .string({ error: STAFF_RULES.emailRequired })
  .trim()
  .min(1, STAFF_RULES.emailRequired)
  .max(320, STAFF_RULES.emailTooLong)
  .pipe(z.email(STAFF_RULES.emailInvalid));
const name = z.string({ error: STAFF_RULES.nameRequired }).trim().min(1, STAFF_RULES.nameRequired).max(100, STAFF_RULES.nameTooLong);
/** The roles, as lib/db/schema/staff.ts's ROLES (not imported: this file reaches the browser; a test keeps them equal). */
export const STAFF_ROLES = ["viewer", "operator", "finance", "admin"] as const satisfies readonly Role[];
const role = z.enum(STAFF_ROLES, { error: STAFF_RULES.roleRequired });

/** "Every merchant" (merchant_ids null) or a non-empty list. */
const access = {
  role,
  allMerchants: z.boolean(),
  merchantIds: z.array(z.string().min(1)),
};
const hasMerchants = (v: { allMerchants: boolean; merchantIds: string[] }) => v.allMerchants || v.merchantIds.length > 0;
const merchantsRequired = () => ({ message: STAFF_RULES.merchantsRequired, path: ["merchantIds"] });

export const inviteStaffSchema = z.object({ email, name, ...access }).refine(hasMerchants, merchantsRequired());
export type InviteStaffInput = z.output<typeof inviteStaffSchema>;

export const staffAccessSchema = z.object({ userId: z.string().min(1), name, ...access }).refine(hasMerchants, merchantsRequired());
export type StaffAccessInput = z.output<typeof staffAccessSchema>;

export const staffIdSchema = z.object({ userId: z.string().min(1) });

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: STAFF_RULES.currentPasswordRequired })
      .min(1, STAFF_RULES.currentPasswordRequired)
      .max(MAX_PASSWORD_LENGTH, STAFF_RULES.newPasswordTooLong),
    newPassword: z
      .string({ error: STAFF_RULES.newPasswordTooShort })
      .min(12, STAFF_RULES.newPasswordTooShort)
      .max(MAX_PASSWORD_LENGTH, STAFF_RULES.newPasswordTooLong),
    confirmPassword: z.string({ error: STAFF_RULES.confirmMismatch }),
    /**
     * The person's passkeys the form listed, and those of them they chose to keep: the others go
     * with this change (lib/staff/password.ts). One added after the form was shown is not touched.
     */
    passkeysListed: z.array(z.string().max(64)).max(100).default([]),
    keepPasskeyIds: z.array(z.string().max(64)).max(100).default([]),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: STAFF_RULES.confirmMismatch, path: ["confirmPassword"] })
  .refine((v) => v.newPassword !== v.currentPassword, { message: STAFF_RULES.newPasswordSame, path: ["newPassword"] });
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** The merchant_ids column's value for a form's access choice. */
export const merchantIdsFor = (input: { allMerchants: boolean; merchantIds: string[] }): string[] | null =>
  input.allMerchants ? null : [...new Set(input.merchantIds)];
