/** Staff, their sign-in factors and sessions, and the deployment's security rules (lib/auth, lib/staff). */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

export const ROLES = ["viewer", "operator", "finance", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const staffUsers = pgTable(
  "staff_users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").$type<Role>().notNull(),
    /** Merchants this person may see; null = all. */
    merchantIds: text("merchant_ids").array(),
    isDisabled: boolean("is_disabled").notNull().default(false),
    /** "th" or "en"; null = follow the browser. */
    locale: text("locale"),
    /** Set for an invited person's one-time password: they choose their own at first sign-in. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /**
     * Sessions signed in before this moment are over (lib/auth/current-session.ts), all but
     * `keptSessionId`: the one that changed the password, which stays signed in.
     */
    sessionsValidFrom: timestamp("sessions_valid_from", { withTimezone: true }),
    keptSessionId: text("kept_session_id"),
    /** The authenticator app's secret, sealed (lib/auth/second-factor.ts); set once confirmed with a code. */
    totpSecretEncrypted: text("totp_secret_encrypted"),
    /** A secret shown for enrolment, not yet confirmed with a code. */
    totpPendingSecretEncrypted: text("totp_pending_secret_encrypted"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** The staff e-mails this person turned off (kinds of staff_notifications, lib/notify/choices.ts). */
    notificationsOff: text("notifications_off").array().notNull().default([]),
    /** The LINE messages this person turned off (kinds, as `notificationsOff` for e-mail). */
    lineOff: text("line_off").array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("staff_users_email_key").on(sql`lower(${t.email})`)],
);

/** Single-use recovery codes for two-factor sign-in, hashed (SHA-256: they are random, 50 bits each). */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("staff_recovery_codes_user_idx").on(t.userId)],
);

/** A person's passkeys (lib/auth/passkeys.ts): sign in with one alone, or use it as the second factor. */
export const staffPasskeys = pgTable(
  "staff_passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id),
    /** The authenticator's credential id, base64url. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key it signs with, base64url. */
    publicKey: text("public_key").notNull(),
    /** The signature counter last seen: a clone that signs with an older one is refused. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The person's own name for it ("Work laptop"). */
    name: text("name").notNull(),
    /** Synced by the platform (iCloud Keychain, Google Password Manager) rather than bound to one device. */
    backedUp: boolean("backed_up").notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("staff_passkeys_credential_key").on(t.credentialId), index("staff_passkeys_user_idx").on(t.userId)],
);

/** A WebAuthn challenge handed out for a registration, a sign-in or a step-up: good once, for 5 minutes. */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: text("id").primaryKey(),
    challenge: text("challenge").notNull(),
    purpose: text("purpose").$type<"register" | "sign-in" | "second-factor" | "step-up">().notNull(),
    /** Whose it is; null for a sign-in with a passkey alone (the passkey says who). */
    userId: text("user_id").references(() => staffUsers.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

/** Each sign-in (lib/auth/open-sessions.ts): listed on the account page, ended from there; its last step-up. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    /** The session cookie's `sid`. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** When this session last passed a fresh second-factor check (lib/auth/step-up.ts). */
    stepUpAt: timestamp("step_up_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [index("staff_sessions_user_idx").on(t.userId, t.createdAt)],
);

/** Deployment-wide security rules set by an admin; one row, id "global". */
export const securitySettings = pgTable("security_settings", {
  id: text("id").primaryKey(),
  /** Roles that must sign in with a second factor: a person in one without it enrols before anything else. */
  secondFactorRoles: text("second_factor_roles")
    .array()
    .$type<Role[]>()
    .notNull()
    .default(sql`'{}'`),
  updatedBy: text("updated_by"),
  updatedAt: updatedAt(),
});

/**
 * Sessions ended by signing out. The session cookie is a JWT, so clearing it is not enough: a
 * response still in flight (a prefetch, the event stream) can renew it afterwards. A session whose
 * id is here is void whatever its cookie says; rows can go once `expires_at` has passed.
 */
export const revokedSessions = pgTable("revoked_sessions", {
  sessionId: text("session_id").primaryKey(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Failed sign-ins per account and per IP, for throttling. */
export const signInThrottle = pgTable("sign_in_throttle", {
  key: text("key").primaryKey(), // "email:<lowercased>" or "ip:<address>"
  failures: integer("failures").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});
