import "server-only";
import { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb } from "../db";
import { baseAuthConfig } from "./base-config";
import { MAX_PASSWORD_LENGTH } from "./password";
import { clientIpFrom } from "../http/request-ip";
import { refusalCode } from "./sign-in-messages";
import { recordSignIn } from "./open-sessions";
import { verifyPasskeySignIn, verifySignIn, type SignedInUser } from "./verify-sign-in";
import type { Db } from "../db/client";
import { passkeyAnswerSchema } from "./passkey-rules";
import { env } from "../env";
import { keyVault } from "../merchants/vault";

/** Carries the refusal's code (lib/auth/sign-in-messages.ts) to the login form or the /login URL. */
class SignInRefused extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

const credentialsSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  code: z.string().max(20).optional(),
  /** A passkey's answer as the second factor (see passkeyAnswerSchema). */
  challengeId: z.string().optional(),
  response: z.string().optional(),
});

/**
 * The app's next-auth configuration: email + password (+ a second factor), checked by
 * verifySignIn; or a passkey alone, checked by verifyPasskeySignIn.
 */
export function authConfig(): NextAuthConfig {
  return {
    ...baseAuthConfig(),
    providers: [
      Credentials({
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          code: { label: "Authentication code", type: "text" },
        },
        async authorize(raw, request) {
          const parsed = credentialsSchema.safeParse(raw);
          if (!parsed.success) throw new SignInRefused("invalid");
          const { challengeId, response, ...attempt } = parsed.data;
          const passkey = challengeId ? passkeyAnswerSchema.safeParse({ challengeId, response }) : null;
          if (passkey && !passkey.success) throw new SignInRefused("second_factor_invalid");
          const db = await getDb();
          const ip = clientIpFrom(request.headers);
          const result = await verifySignIn(db, { ...attempt, ip, passkey: passkey?.data }, keyVault(), env().passkeySite);
          if (!result.ok) throw new SignInRefused(refusalCode(result.refusal));
          return signedIn(db, result.user, ip, request.headers);
        },
      }),
      Credentials({
        id: "passkey",
        name: "Passkey",
        credentials: { challengeId: { type: "text" }, response: { type: "text" } },
        async authorize(raw, request) {
          const passkey = passkeyAnswerSchema.safeParse(raw);
          if (!passkey.success) throw new SignInRefused("passkey_invalid");
          const db = await getDb();
          const ip = clientIpFrom(request.headers);
          const result = await verifyPasskeySignIn(db, { passkey: passkey.data, ip }, env().passkeySite);
          if (!result.ok) throw new SignInRefused(refusalCode(result.refusal));
          return signedIn(db, result.user, ip, request.headers);
        },
      }),
    ],
  };
}

/** The sign-in's row first, so the account page lists it and it can be ended from anywhere. */
async function signedIn(db: Db, user: SignedInUser, ip: string | null, headers: Headers) {
  const sessionId = await recordSignIn(db, { userId: user.id, ip, userAgent: headers.get("user-agent") });
  return { ...user, sessionId };
}
