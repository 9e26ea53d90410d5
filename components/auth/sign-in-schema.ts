import { z } from "zod";

/** lib/auth/password.ts's limit (that module is server-only). */
const MAX_PASSWORD_LENGTH = 256;

export const SIGN_IN_RULES = {
  emailRequired: "Enter your email address.",
  emailTooLong: "That is too long for an email address.",
  emailInvalid: "Enter an email address like name@company.co.th.",
  passwordRequired: "Enter your password.",
  passwordTooLong: `A password has at most ${MAX_PASSWORD_LENGTH} characters.`,
} as const;

/** The sign-in form's fields, as app/login/actions.ts checks them. */
export const signInSchema = z.object({
  email: z
    .string({ error: SIGN_IN_RULES.emailRequired })
    .trim()
    .min(1, SIGN_IN_RULES.emailRequired)
    .max(320, SIGN_IN_RULES.emailTooLong)
    .email(SIGN_IN_RULES.emailInvalid),
  password: z.string({ error: SIGN_IN_RULES.passwordRequired }).min(1, SIGN_IN_RULES.passwordRequired).max(MAX_PASSWORD_LENGTH, SIGN_IN_RULES.passwordTooLong),
  callbackUrl: z.string().optional(),
});
