import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NeedsAllMerchants } from "@/components/console/settings/needs-all-merchants";
import { SettingsDetailHead, SettingsSection } from "@/components/console/settings/detail-layout";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { StaffAccessForm } from "@/components/console/settings/staff/staff-access-form";
import { EndSessionsButton, SecondFactorReset } from "@/components/console/settings/staff/second-factor-admin";
import { secondFactorAdminMessages } from "@/components/console/settings/staff/second-factor-messages";
import { StaffAccountControls } from "@/components/console/settings/staff/staff-account-controls";
import { staffMessages, staffRoleLabel } from "@/components/console/settings/staff/staff-messages";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { formatDateTime } from "@/lib/i18n";
import { getLocale } from "@/lib/i18n/server";
import { listMerchantsVisibleTo } from "@/lib/merchants/queries";
import { getStaffMember } from "@/lib/staff/queries";
import {
  changeStaffAccessAction,
  disableStaffAction,
  enableStaffAction,
  endStaffSessionsAction,
  resetStaffPasswordAction,
  resetStaffSecondFactorAction,
} from "../actions";

export const metadata: Metadata = { title: "Staff member" };

export default async function StaffMemberPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await requirePermission("staff.manage");
  const db = await getDb();
  const [{ id }, locale] = await Promise.all([params, getLocale()]);
  const [person, merchants] = await Promise.all([getStaffMember(db, session, id), listMerchantsVisibleTo(db, session)]);
  if (!person) notFound();
  const t = staffMessages(locale);
  const twoFactor = secondFactorAdminMessages(locale);
  const isSelf = person.id === session.userId;
  return (
    <>
      <SettingsNav session={session} locale={locale} current="staff" />
      <SettingsDetailHead back="/settings/staff" backLabel={t.backToStaff} title={person.name} />
      <p className="mt-1 text-sm text-slate-700">
        {person.email ?? t.emailWithheld} · {staffRoleLabel(t, person.role)} ·{" "}
        {person.isDisabled ? t.disabled : person.mustChangePassword ? t.awaitingPassword : t.active} · {t.lastSignIn}:{" "}
        {person.lastSignInAt ? formatDateTime(person.lastSignInAt, locale) : t.never}
      </p>
      {session.merchantIds !== null ? (
        <NeedsAllMerchants locale={locale} />
      ) : isSelf ? (
        <p className="mt-6 rounded-md border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800" data-testid="staff-self">
          {t.yourself}{" "}
          <Link href="/account/password" className="text-brand-dark underline">
            {t.changeOwnPassword}
          </Link>
        </p>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
          <SettingsSection id="access" title={t.accessTitle}>
            <StaffAccessForm
              action={changeStaffAccessAction}
              person={{ id: person.id, name: person.name, role: person.role, merchantIds: person.merchantIds }}
              merchants={merchants.map(({ id: merchantId, displayName }) => ({ id: merchantId, displayName }))}
              locale={locale}
            />
          </SettingsSection>
          <SettingsSection id="account" title={t.statusTitle}>
            <StaffAccountControls
              userId={person.id}
              isDisabled={person.isDisabled}
              disableAction={disableStaffAction}
              enableAction={enableStaffAction}
              resetAction={resetStaffPasswordAction}
              locale={locale}
            />
            <h3 className="mt-6 font-medium">{twoFactor.personTitle}</h3>
            <div className="mt-2">
              <SecondFactorReset
                action={resetStaffSecondFactorAction}
                userId={person.id}
                hasSecondFactor={person.hasSecondFactor}
                locale={locale}
              />
            </div>
            <div className="mt-4">
              <EndSessionsButton action={endStaffSessionsAction} userId={person.id} locale={locale} />
            </div>
          </SettingsSection>
        </div>
      )}
    </>
  );
}
