import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { authMessages } from "@/components/auth/auth-messages";
import { securityMessages } from "@/components/auth/security-messages";
import { TwoFactorPanel } from "@/components/auth/two-factor-panel";
import { AccountHeader } from "@/components/auth/account-header";
import { SessionsList } from "@/components/auth/sessions-list";
import { PasskeysPanel } from "@/components/auth/passkeys-panel";
import { SessionStepUp } from "./session-step-up";
import { CONSOLE_HOME } from "@/lib/auth/callback-path";
import { listPasskeys } from "@/lib/auth/passkeys";
import { env } from "@/lib/env";
import { secondFactorStatus } from "@/lib/auth/second-factor";
import { listOpenSessions } from "@/lib/auth/open-sessions";
import { currentSession } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { formatDateTime } from "@/lib/i18n/date-time";
import { getLocale } from "@/lib/i18n/server";
import { signOutAction } from "../../(console)/actions";
import { setLocaleAction } from "../../login/actions";
import {
  beginPasskeyRegistrationAction,
  beginTotpAction,
  confirmTotpAction,
  finishPasskeyRegistrationAction,
  removePasskeyAction,
  endOtherSessionsAction,
  endSessionAction,
  regenerateRecoveryCodesAction,
  removeTotpAction,
} from "./actions";
import { consoleFontClass } from "@/components/console/console-font";
import "../../globals.css";

export const metadata: Metadata = { title: "Sign-in security" };

/** The person's own sign-in security: an authenticator app and recovery codes, passkeys, sessions. */
export default async function SecurityPage() {
  const session = await currentSession();
  if (!session) redirect("/login?callbackUrl=%2Faccount%2Fsecurity");
  // Someone on a one-time password chooses their own first.
  if (session.mustChangePassword) redirect("/account/password");
  const [locale, db] = await Promise.all([getLocale(), getDb()]);
  const [status, sessions, passkeys] = await Promise.all([
    secondFactorStatus(db, session.userId),
    listOpenSessions(db, session.userId, session.signIn?.id ?? null),
    listPasskeys(db, session.userId),
  ]);
  const t = securityMessages(locale);
  const auth = authMessages(locale);
  return (
    <div className={`min-h-screen ${consoleFontClass}`}>
      <AccountHeader locale={locale} setLocale={setLocaleAction} signOut={signOutAction} />
      {/* Adding a second factor or removing a passkey asks a person with a second factor for a fresh check (lib/auth/step-up.ts); a first one needs the password. */}
      <SessionStepUp session={session} locale={locale}>
        <main className="mx-auto max-w-2xl px-6 py-10">
          <h1 className="text-2xl font-semibold">{t.title}</h1>
          <p className="mt-2 text-sm text-slate-700">{t.intro}</p>
          <p className="mt-1 text-sm text-slate-600">{auth.signedInAs(session.name, session.email)}</p>
          {session.mustEnrolSecondFactor && (
            <p
              role="status"
              className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
              data-testid="must-enrol"
            >
              {t.mustEnrol}
            </p>
          )}
          <section aria-labelledby="totp-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="totp-heading" className="text-lg font-medium">
              {t.totpTitle}
            </h2>
            <div className="mt-3">
              <TwoFactorPanel
                status={{
                  enabledAt: status.totpEnabledAt?.toISOString() ?? null,
                  enabledAtText: status.totpEnabledAt ? formatDateTime(status.totpEnabledAt, locale) : null,
                  recoveryCodesLeft: status.recoveryCodesLeft,
                }}
                actions={{
                  begin: beginTotpAction,
                  confirm: confirmTotpAction,
                  regenerate: regenerateRecoveryCodesAction,
                  remove: removeTotpAction,
                }}
                needsPassword={!session.hasSecondFactor}
                locale={locale}
              />
            </div>
          </section>
          <section aria-labelledby="passkeys-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="passkeys-heading" className="text-lg font-medium">
              {t.passkeysTitle}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t.passkeysIntro}</p>
            <div className="mt-3">
              <PasskeysPanel
                passkeys={passkeys.map((p) => ({
                  id: p.id,
                  name: p.name,
                  addedOn: formatDateTime(p.createdAt, locale),
                  lastUsed: p.lastUsedAt ? formatDateTime(p.lastUsedAt, locale) : null,
                  backedUp: p.backedUp,
                }))}
                available={env().passkeySite !== null}
                needsPassword={!session.hasSecondFactor}
                actions={{ begin: beginPasskeyRegistrationAction, finish: finishPasskeyRegistrationAction, remove: removePasskeyAction }}
                locale={locale}
              />
            </div>
          </section>
          <section aria-labelledby="sessions-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="sessions-heading" className="text-lg font-medium">
              {t.sessionsTitle}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t.sessionsIntro}</p>
            <div className="mt-3">
              <SessionsList
                sessions={sessions.map((s) => ({
                  id: s.id,
                  device: s.device,
                  ip: s.ip,
                  firstSeen: formatDateTime(s.createdAt, locale),
                  lastSeen: formatDateTime(s.lastSeenAt, locale),
                  isCurrent: s.isCurrent,
                }))}
                endOne={endSessionAction}
                endOthers={endOtherSessionsAction}
                locale={locale}
              />
            </div>
          </section>
          <p className="mt-8 text-sm">
            <Link href={CONSOLE_HOME} className="text-brand-dark underline">
              {t.back}
            </Link>
          </p>
        </main>
      </SessionStepUp>
    </div>
  );
}
