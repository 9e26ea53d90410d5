import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { NotificationChoicesForm } from "@/components/auth/notification-choices-form";
import { notificationMessages } from "@/components/auth/notification-messages";
import { AccountShell } from "@/components/auth/account-shell";
import { currentSession } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { getLocale } from "@/lib/i18n/server";
import { notificationChoicesOf } from "@/lib/notify/choices";
import { signOutAction } from "../../(console)/actions";
import { setLocaleAction } from "../../login/actions";
import { saveLineChoicesAction, saveNotificationChoicesAction, unlinkLineAction } from "./actions";
import { LineAccountSection } from "@/components/auth/line-account-section";
import { lineChannelSummary } from "@/lib/line/channel";
import { lineAccountOf } from "@/lib/line/linking";
import { lineChoicesOf, lineKindsFor } from "@/lib/line/people";
import "../../globals.css";

export const metadata: Metadata = { title: "E-mail and LINE" };

/** The person's own staff e-mails and LINE messages (docs/DESIGN.md §17): which of those their role gets they want, and their LINE link. */
export default async function NotificationsPage() {
  const session = await currentSession();
  if (!session) redirect("/login?callbackUrl=%2Faccount%2Fnotifications");
  if (session.mustChangePassword) redirect("/account/password");
  if (session.mustEnrolSecondFactor) redirect("/account/security");
  const [locale, db] = await Promise.all([getLocale(), getDb()]);
  const [{ offered, choices }, bot, linked, lineChosen] = await Promise.all([
    notificationChoicesOf(db, session.userId),
    lineChannelSummary(db),
    lineAccountOf(db, session.userId),
    lineChoicesOf(db, session.userId),
  ]);
  const t = notificationMessages(locale);
  const settings = env();
  const isStandIn = settings.isSandbox && settings.lineApiBaseUrl === settings.providerBaseUrl;
  const lineOffered = lineKindsFor(session.role);
  return (
    <AccountShell locale={locale} setLocale={setLocaleAction} signOut={signOutAction} back={t.back}>
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 text-sm text-slate-700">{t.intro}</p>
      <p className="mt-1 text-sm text-slate-600">{t.sentTo(session.email)}</p>
      {!env().SMTP_URL && (
        <p
          role="note"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="no-smtp"
        >
          {t.notConfigured}
        </p>
      )}
      <section className="mt-6 rounded-lg border border-slate-200 bg-white p-5">
        {offered.length === 0 ? (
          <p className="text-sm text-slate-700" data-testid="no-notifications">
            {t.none}
          </p>
        ) : (
          <NotificationChoicesForm action={saveNotificationChoicesAction} locale={locale} offered={offered} choices={choices} />
        )}
      </section>
      <LineAccountSection
        locale={locale}
        saveChoices={saveLineChoicesAction}
        unlink={unlinkLineAction}
        view={{
          bot,
          isStandIn,
          friendUrl: bot
            ? isStandIn
              ? `${settings.providerBaseUrl}/sandbox/line`
              : `https://line.me/R/ti/p/${encodeURIComponent(bot.basicId)}`
            : null,
          linkedAt: linked?.linkedAt ?? null,
          offered: lineOffered,
          chosen: lineChosen.filter((kind) => lineOffered.includes(kind)),
        }}
      />
    </AccountShell>
  );
}
