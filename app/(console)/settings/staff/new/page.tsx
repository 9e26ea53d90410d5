import type { Metadata } from "next";
import { InviteForm } from "@/components/console/settings/staff/invite-form";
import { NeedsAllMerchants } from "@/components/console/settings/needs-all-merchants";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { staffMessages } from "@/components/console/settings/staff/staff-messages";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { listMerchantsVisibleTo } from "@/lib/merchants/queries";
import { inviteStaffAction } from "../actions";

export const metadata: Metadata = { title: "Invite a person" };

export default async function InviteStaffPage() {
  const session = await requirePermission("staff.manage");
  const [locale, merchants] = await Promise.all([getLocale(), listMerchantsVisibleTo(await getDb(), { merchantIds: null })]);
  const t = staffMessages(locale);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="staff" />
      <h1 className="text-2xl font-semibold">{t.inviteTitle}</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t.inviteIntro}</p>
      {session.merchantIds === null ? (
        <div className="mt-6 max-w-3xl">
          <InviteForm
            action={inviteStaffAction}
            merchants={merchants.map(({ id, displayName }) => ({ id, displayName }))}
            locale={locale}
          />
        </div>
      ) : (
        <NeedsAllMerchants locale={locale} />
      )}
    </>
  );
}
