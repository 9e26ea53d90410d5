"use server";

import { AuthError, type CredentialsSignin } from "next-auth";
import { z } from "zod";
import { signIn } from "@/lib/auth";
import { ActionError, defineAction } from "@/lib/auth/action";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { MAX_PASSWORD_LENGTH } from "@/lib/auth/password";
import { signInMessage } from "@/lib/auth/sign-in-messages";

const signInSchema = z.object({
  email: z
    .string({ error: "Enter your email address." })
    .trim().min(1, "Enter your email address.").max(320, "That is too long for an email address.").email("Enter an email address like name@company.co.th."),
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(MAX_PASSWORD_LENGTH, `A password has at most ${MAX_PASSWORD_LENGTH} characters.`),
  callbackUrl: z.string().optional(),
});

export const signInAction = defineAction({
  permission: "public",
  schema: signInSchema,
  // verifySignIn audits every attempt, including forms posted straight to /api/auth/callback.
  audit: false,
  run: async ({ input }) => {
    try {
      // Throws Next's redirect on success: to the page the person came for, as a relative path.
      await signIn("credentials", { email: input.email, password: input.password, redirectTo: safeCallbackPath(input.callbackUrl) });
    } catch (error) {
      if (error instanceof AuthError && error.type === "CredentialsSignin") throw new ActionError(signInMessage((error as CredentialsSignin).code));
      throw error;
    }
    return null;
  },
});
