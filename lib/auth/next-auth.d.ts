/** What PayDesk keeps in next-auth's user, session and JWT (lib/auth/base-config.ts). */
import type { Role } from "../db/schema";

declare module "next-auth" {
  interface User {
    role?: Role;
    merchantIds?: string[] | null;
    /** The sign-in's id, chosen when the password was checked so its row (staff_sessions) exists from the start. */
    sessionId?: string;
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    uid?: string;
    /** This sign-in's id; stays fixed while the session's cookie is renewed (revoked at sign-out). */
    sid?: string;
    /** When this sign-in happened (epoch seconds); fixed while the cookie is renewed: the absolute limit counts from it. */
    sat?: number;
    role?: Role;
    merchantIds?: string[] | null;
  }
}
