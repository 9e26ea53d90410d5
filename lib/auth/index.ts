import "server-only";
import NextAuth from "next-auth";
import { authConfig } from "./config";

/**
 * next-auth for the app (pages, actions, /api/auth). The configuration is built on first use, not
 * at import, so `next build` never reads the secret. Pages and actions should ask
 * lib/auth/current-session.ts (currentSession, requirePermission), which re-checks the person's row.
 */
export const { auth, signIn, signOut, handlers } = NextAuth(() => authConfig());
