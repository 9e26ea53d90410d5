/** What PayDesk keeps in next-auth's user, session and JWT (lib/auth/base-config.ts). */
import type { Role } from "../db/schema";

declare module "next-auth" {
  interface User {
    role?: Role;
    merchantIds?: string[] | null;
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    uid?: string;
    /** When this person signed in (ms); stays fixed while the session's cookie is renewed. */
    signedInAt?: number;
    role?: Role;
    merchantIds?: string[] | null;
  }
}
