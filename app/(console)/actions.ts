"use server";

import { cookies } from "next/headers";
import { z } from "zod";
import { signOut } from "@/lib/auth";
import { defineAction } from "@/lib/auth/action";
import { currentSessionId, revokeSession } from "@/lib/auth/current-session";
import { ALL_MERCHANTS, MERCHANT_COOKIE } from "@/lib/navigation/selected-merchant";
import { env } from "@/lib/env";

export const signOutAction = defineAction({
  // Public so that anyone holding a session cookie can drop it, even one whose account was disabled.
  permission: "public",
  schema: z.object({}),
  audit: "auth.sign-out",
  run: async ({ db }) => {
    // The cookie alone is not enough: a response still in flight (a prefetch, the event stream)
    // could renew it after it is cleared. Voiding this session server-side makes sign-out stick.
    const sessionId = await currentSessionId();
    if (sessionId) await revokeSession(db, sessionId);
    await signOut({ redirectTo: "/login" });
    return null;
  },
});

async function keepChoice(value: string): Promise<void> {
  (await cookies()).set(MERCHANT_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().PUBLIC_BASE_URL.startsWith("https:"),
    maxAge: 365 * 24 * 60 * 60,
  });
}

export const selectMerchantAction = defineAction({
  permission: "signed-in",
  schema: z.object({ merchantId: z.string() }),
  merchantScoped: true,
  // A view preference, not a change to business data.
  audit: false,
  run: async ({ merchant }) => {
    await keepChoice(merchant.id);
    return { merchantId: merchant.id };
  },
});

/** The switcher's "All merchants": every merchant in the person's scope (checked where it is used). */
export const selectAllMerchantsAction = defineAction({
  permission: "signed-in",
  schema: z.object({}),
  audit: false,
  run: async () => {
    await keepChoice(ALL_MERCHANTS);
    return { merchantId: ALL_MERCHANTS };
  },
});
