import Link from "next/link";
import { CONSOLE_HOME } from "@/lib/auth/callback-path";
import type { ServerAction } from "@/lib/auth/action";
import type { StaffSession } from "@/lib/auth/current-session";
import type { MerchantChoice } from "@/lib/navigation/selected-merchant";
import type { Locale } from "@/lib/i18n";
import { getLocale } from "@/lib/i18n/server";
import { AccountMenu } from "./account-menu";
import { LanguageSwitcher } from "./language-switcher";
import { MerchantSwitcher } from "./merchant-switcher";
import { NavLinks } from "./nav-links";
import { roleLabel, sectionLabel, shellMessages } from "./shell-messages";
import { SignOutButton } from "./sign-out-button";

interface Props {
  session: StaffSession;
  choice: MerchantChoice;
  sections: Array<{ key: string; href: string; label: string }>;
  selectMerchantAction: ServerAction<{ merchantId: string }>;
  signOutAction: ServerAction<null>;
  setLocaleAction: ServerAction<{ locale: Locale }>;
  /** Requests waiting for approval among the person's merchants; null when they may not approve. */
  awaitingApproval: number | null;
  /** Items in "Needs attention" for this person. */
  attention: number | null;
}

export async function ConsoleHeader({
  session,
  choice,
  sections,
  selectMerchantAction,
  signOutAction,
  setLocaleAction,
  awaitingApproval,
  attention,
}: Props) {
  const locale = await getLocale();
  const t = shellMessages(locale);
  return (
    <header className="border-b border-slate-200 bg-white">
      {/* On a phone: tighter, and the page starts after two short rows instead of a screenful. */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6 sm:py-3">
        <Link href={CONSOLE_HOME} className="text-lg font-semibold text-brand-dark">
          PayDesk
        </Link>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 sm:gap-4">
          <MerchantSwitcher
            merchants={choice.merchants.map(({ id, displayName }) => ({ id, displayName }))}
            selectedId={choice.selected?.id ?? null}
            action={selectMerchantAction}
            labels={{ merchant: t.merchant, noMerchants: t.noMerchants, switchMerchant: t.switchMerchant, allMerchants: t.allMerchants }}
          />
          <AccountMenu label={t.account}>
            <LanguageSwitcher locale={locale} action={setLocaleAction} label={t.language} />
            <p className="text-xs text-slate-700 sm:text-sm" data-testid="signed-in-as" title={session.email}>
              {/* Not prefetched: a prefetch still in flight when the person signs out renews the session cookie (next-auth's proxy). */}
              <Link href="/account/password" prefetch={false} className="hover:underline" title={t.changePassword}>
                {session.name}
              </Link>{" "}
              · <span className="font-medium">{roleLabel(t, session.role)}</span>
            </p>
            <Link href="/account/security" prefetch={false} className="text-xs text-slate-700 underline sm:text-sm">
              {t.security}
            </Link>
            <Link href="/account/notifications" prefetch={false} className="text-xs text-slate-700 underline sm:text-sm">
              {t.email}
            </Link>
            <SignOutButton action={signOutAction} label={t.signOut} pendingLabel={t.signingOut} />
          </AccountMenu>
        </div>
      </div>
      <NavLinks
        label={t.nav}
        locale={locale}
        awaitingApproval={awaitingApproval}
        attention={attention}
        items={sections.map((section) => ({ key: section.key, href: section.href, label: sectionLabel(t, section) }))}
      />
    </header>
  );
}
