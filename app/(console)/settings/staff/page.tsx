import type { Metadata } from "next";
import Link from "next/link";
import { NeedsAllMerchants } from "@/components/console/settings/needs-all-merchants";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { SecondFactorPolicyForm } from "@/components/console/settings/staff/second-factor-admin";
import { secondFactorAdminMessages } from "@/components/console/settings/staff/second-factor-messages";
import { staffEmailMessages } from "@/components/console/settings/staff/staff-email-messages";
import { staffMessages, staffRoleLabel } from "@/components/console/settings/staff/staff-messages";
import { StaffTable } from "@/components/console/settings/staff/staff-table";
import { secondFactorRoles } from "@/lib/auth/second-factor-policy";
import { requirePermission } from "@/lib/auth/current-session";
import { ROLES } from "@/lib/db/schema";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { listMerchantsVisibleTo } from "@/lib/merchants/queries";
import { listStaff } from "@/lib/staff/queries";
import { primaryButtonClass } from "@/components/ui/button";
import { secondFactorPolicyAction } from "./actions";

export const metadata: Metadata = { title: "Staff" };

export default async function StaffPage() {
  const session = await requirePermission("staff.manage");
  const db = await getDb();
  const [locale, staff, merchants, requiredRoles] = await Promise.all([
    getLocale(),
    listStaff(db, session),
    listMerchantsVisibleTo(db, session),
    secondFactorRoles(db),
  ]);
  const t = staffMessages(locale);
  const twoFactor = secondFactorAdminMessages(locale);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="staff" />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-3xl">
          <h1 className="text-2xl font-semibold">{t.staffTitle}</h1>
          <p className="mt-2 text-sm text-slate-700">{t.staffIntro}</p>
          <p className="mt-2 text-sm">
            <Link href="/settings/staff/email" className="text-brand-dark underline">
              {staffEmailMessages(locale).link} →
            </Link>
          </p>
        </div>
        {session.merchantIds === null && (
          <Link href="/settings/staff/new" className={primaryButtonClass}>
            {t.invite}
          </Link>
        )}
      </div>
      {session.merchantIds !== null && <NeedsAllMerchants locale={locale} />}
      <div className="mt-6">
        <StaffTable
          staff={staff}
          merchantNames={new Map(merchants.map((m) => [m.id, m.displayName]))}
          currentUserId={session.userId}
          locale={locale}
        />
      </div>
      {session.merchantIds === null && (
        <section aria-labelledby="two-factor-heading" className="mt-8 max-w-3xl rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="two-factor-heading" className="text-lg font-medium">
            {twoFactor.policyTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{twoFactor.policyIntro}</p>
          <div className="mt-3">
            <SecondFactorPolicyForm
              action={secondFactorPolicyAction}
              roles={ROLES.map((role) => ({ role, label: staffRoleLabel(t, role) }))}
              chosen={requiredRoles}
              locale={locale}
            />
          </div>
        </section>
      )}
    </>
  );
}
