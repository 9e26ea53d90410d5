"use server";

import { AuthError, type CredentialsSignin } from "next-auth";
import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { z } from "zod";
import { signInSchema } from "@/components/auth/sign-in-schema";
import { signIn } from "@/lib/auth";
import { ActionError, defineAction } from "@/lib/auth/action";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { signInMessage } from "@/lib/auth/sign-in-messages";
import { env } from "@/lib/env";
import { LOCALE_COOKIE, LOCALES, type Locale } from "@/lib/i18n";
import { saveLocale, savedLocaleOf } from "@/lib/staff/locale";
import { beginPasskeySignIn } from "@/lib/auth/passkeys";
import { passkeyAnswerSchema, passkeyRules } from "@/lib/auth/passkey-rules";

/** The language cookie: read by the sign-in page and the page's `<html lang>` (app/layout.tsx). */
async function setLocaleCookie(locale: Locale) {
  (await cookies()).set(LOCALE_COOKIE, locale, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().PUBLIC_BASE_URL.startsWith("https:"),
    maxAge: 365 * 24 * 60 * 60,
  });
}

const isRedirect = (error: unknown) =>
  typeof (error as { digest?: unknown })?.digest === "string" && (error as { digest: string }).digest.startsWith("NEXT_REDIRECT");

export const signInAction = defineAction({
  permission: "public",
  schema: signInSchema,
  // verifySignIn audits every attempt, including forms posted straight to /api/auth/callback.
  audit: false,
  run: async ({ input, db }) => {
    try {
      // Throws Next's redirect on success: to the page the person came for, as a relative path.
      await signIn("credentials", {
        email: input.email,
        password: input.password,
        ...(input.code ? { code: input.code } : {}),
        // A passkey's answer as the second factor, as the browser gave it.
        ...(input.challengeId && input.response ? { challengeId: input.challengeId, response: input.response } : {}),
        redirectTo: safeCallbackPath(input.callbackUrl),
      });
    } catch (error) {
      if (error instanceof AuthError && error.type === "CredentialsSignin")
        throw new ActionError(signInMessage((error as CredentialsSignin).code));
      // Signed in: the language they chose on their account comes to this browser too.
      if (isRedirect(error)) {
        const locale = await savedLocaleOf(db, input.email);
        if (locale) await setLocaleCookie(locale);
      }
      throw error;
    }
    return null;
  },
});

/**
 * A challenge for a passkey at sign-in: alone ("sign-in") or as the second factor after the right
 * password ("second-factor"). Nobody is signed in yet, so no passkey is named: the browser offers
 * the ones it holds for this site, and the answer says whose it is.
 */
export const passkeyOptionsAction = defineAction({
  permission: "public",
  schema: z.object({ purpose: z.enum(["sign-in", "second-factor"]) }),
  // A challenge handed out changes nothing; the sign-in it leads to is audited (lib/auth/verify-sign-in.ts).
  audit: false,
  run: async ({ input, db, ip }) => {
    const site = env().passkeySite;
    if (!site) throw new ActionError(passkeyRules.keys.unavailable);
    const challenge = await beginPasskeySignIn(db, site, { purpose: input.purpose, ip });
    if (!challenge) throw new ActionError(passkeyRules.keys.tooManyTries);
    return challenge;
  },
});

/** Signs in with a passkey alone; on success Next's redirect goes to the page the person came for. */
export const passkeySignInAction = defineAction({
  permission: "public",
  schema: passkeyAnswerSchema.extend({ callbackUrl: z.string().optional() }),
  // lib/auth/verify-sign-in.ts audits every attempt.
  audit: false,
  run: async ({ input }) => {
    try {
      await signIn("passkey", {
        challengeId: input.challengeId,
        response: JSON.stringify(input.response),
        redirectTo: safeCallbackPath(input.callbackUrl),
      });
    } catch (error) {
      if (error instanceof AuthError && error.type === "CredentialsSignin")
        throw new ActionError(signInMessage((error as CredentialsSignin).code));
      throw error;
    }
    return null;
  },
});

/**
 * The language switcher (sign-in page and console header). Public, so the sign-in page can use it:
 * the cookie serves whoever is at this browser before signing in; a signed-in person's choice is
 * also kept on their account, so it follows them to any browser (lib/i18n/server.ts prefers it).
 */
export const setLocaleAction = defineAction({
  permission: "public",
  schema: z.object({ locale: z.enum(LOCALES) }),
  // A view preference, not a change to business data.
  audit: false,
  run: async ({ input, session, db }) => {
    if (session) await saveLocale(db, session.userId, input.locale);
    await setLocaleCookie(input.locale);
    revalidatePath("/", "layout");
    return { locale: input.locale };
  },
});
