import { z } from "zod";
import { MAX_PASSWORD_LENGTH, signInMessages } from "@/lib/auth/sign-in-messages";

/** The sign-in rules, as message keys (worded by lib/auth/sign-in-messages.ts). */
export const SIGN_IN_RULES = signInMessages.keys;

/** The sign-in form's fields, as app/login/actions.ts checks them. */
export const signInSchema = z.object({
  email: z
    .string({ error: SIGN_IN_RULES.emailRequired })
    .trim()
    .min(1, SIGN_IN_RULES.emailRequired)
    .max(320, SIGN_IN_RULES.emailTooLong)
    .email(SIGN_IN_RULES.emailInvalid),
  password: z
    .string({ error: SIGN_IN_RULES.passwordRequired })
    .min(1, SIGN_IN_RULES.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, SIGN_IN_RULES.passwordTooLong),
  /** The second factor, once the form asks for it. */
  code: z.string().max(20, SIGN_IN_RULES.codeTooLong).optional(),
  /** Or a passkey's answer to a second-factor challenge (checked by lib/auth/passkey-rules.ts on the server). */
  challengeId: z.string().max(40).optional(),
  response: z.string().max(20_000).optional(),
  callbackUrl: z.string().optional(),
});
