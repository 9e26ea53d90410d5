import "server-only";
import { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb } from "../db";
import { baseAuthConfig } from "./base-config";
import { MAX_PASSWORD_LENGTH } from "./password";
import { clientIpFrom } from "../http/request-ip";
import { refusalCode } from "./sign-in-messages";
import { recordSignIn } from "./sessions";
import { verifySignIn } from "./verify-sign-in";
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
});

/** The app's next-auth configuration: email + password, checked by verifySignIn. */
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
          const db = await getDb();
          const ip = clientIpFrom(request.headers);
          const result = await verifySignIn(db, { ...parsed.data, ip }, keyVault());
          if (!result.ok) throw new SignInRefused(refusalCode(result.refusal));
          // The sign-in's row first, so the account page lists it and it can be ended from anywhere.
          const sessionId = await recordSignIn(db, { userId: result.user.id, ip, userAgent: request.headers.get("user-agent") });
          return { ...result.user, sessionId };
        },
      }),
    ],
  };
}
