import type { Metadata } from "next";
import Link from "next/link";
import { ConnectLineForm } from "@/components/console/settings/line/connect-form";
import { DisconnectLineForm } from "@/components/console/settings/line/disconnect-form";
import { LineGroupForm } from "@/components/console/settings/line/group-form";
import { lineMessages } from "@/components/console/settings/line/line-messages";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { CopyButton } from "@/components/ui/copy-button";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/i18n/date-time";
import { getLocale } from "@/lib/i18n/server";
import { lineChannelSummary, lineWebhookUrl } from "@/lib/line/channel";
import { lineGroupsList, lineMerchantSettings } from "@/lib/line/people";
import { MerchantLineForm } from "@/components/console/settings/line/merchant-line-form";
import { listMerchantsVisibleTo } from "@/lib/merchants/queries";
import { connectLineAction, disconnectLineAction, saveLineGroupAction, saveLineMerchantAction } from "./actions";

export const metadata: Metadata = { title: "LINE" };

/** Settings → LINE (docs/DESIGN.md §17.1): the connected LINE Official Account, its webhook address, and its groups. */
export default async function LineSettingsPage() {
  const session = await requirePermission("merchant.manage");
  const [locale, db] = await Promise.all([getLocale(), getDb()]);
  const t = lineMessages(locale);
  const [channel, groups, merchants] = await Promise.all([lineChannelSummary(db), lineGroupsList(db), listMerchantsVisibleTo(db, session)]);
  const webhookUrl = lineWebhookUrl(env().PUBLIC_BASE_URL);
  const perMerchant = await lineMerchantSettings(
    db,
    merchants.map((merchant) => merchant.id),
  );
  return (
    <>
      <SettingsNav session={session} locale={locale} current="line" />
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t.intro}</p>
      <p className="mt-2 text-sm">
        <Link href="/settings/line/messages" className="text-brand-dark underline">
          {t.log} →
        </Link>
      </p>
      {channel && (
        <section
          className="mt-6 max-w-3xl rounded-lg border border-slate-200 bg-white p-5"
          aria-labelledby="line-connected"
          data-testid="line-connected"
        >
          <h2 id="line-connected" className="text-lg font-semibold">
            {t.connectedTitle}
          </h2>
          <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">{t.bot}</dt>
            <dd>
              {channel.displayName} <span className="text-slate-600">{channel.basicId}</span>
            </dd>
            <dt className="text-slate-600">{t.connectedAt}</dt>
            <dd>{formatDateTime(channel.connectedAt, locale)}</dd>
            <dt className="text-slate-600">{t.webhookUrl}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <code className="break-all" data-testid="line-webhook-url">
                {webhookUrl}
              </code>
              <CopyButton value={webhookUrl} labels={{ copy: t.copy, copied: t.copied }} label={t.webhookUrl} />
            </dd>
          </dl>
          <p className="mt-2 text-sm text-slate-700">{t.webhookHint}</p>
          <p className="mt-1 text-sm text-slate-700">{t.addFriend}</p>
          <DisconnectLineForm action={disconnectLineAction} locale={locale} />
        </section>
      )}
      <section className="mt-6 max-w-3xl rounded-lg border border-slate-200 bg-white p-5" aria-labelledby="line-connect-title">
        <h2 id="line-connect-title" className="text-lg font-semibold">
          {channel ? t.connectAgainTitle : t.connectTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t.connectHint}</p>
        <ConnectLineForm action={connectLineAction} locale={locale} />
      </section>
      {channel && merchants.length > 0 && (
        <section className="mt-6 max-w-3xl rounded-lg border border-slate-200 bg-white p-5" aria-labelledby="line-paid">
          <h2 id="line-paid" className="text-lg font-semibold">
            {t.paidTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t.paidIntro}</p>
          <ul className="mt-3 space-y-3">
            {merchants.map((merchant) => (
              <li key={merchant.id}>
                <MerchantLineForm
                  merchant={{ id: merchant.id, name: merchant.displayName }}
                  settings={perMerchant.get(merchant.id) ?? { threshold: null, summaryTime: null }}
                  action={saveLineMerchantAction}
                  locale={locale}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {channel && (
        <section className="mt-6 max-w-3xl" aria-labelledby="line-groups">
          <h2 id="line-groups" className="text-lg font-semibold">
            {t.groupsTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t.groupsIntro}</p>
          {groups.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600" data-testid="line-no-groups">
              {t.noGroups}
            </p>
          ) : (
            <ul className="mt-3 space-y-3">
              {groups.map((group) => (
                <li key={group.groupId} className="rounded-lg border border-slate-200 bg-white p-4">
                  {group.leftAt ? (
                    <p className="text-sm">
                      <span className="font-medium">{group.name}</span> <span className="text-slate-600">· {t.left}</span>
                    </p>
                  ) : (
                    <LineGroupForm
                      group={group}
                      merchants={merchants.map((merchant) => ({ id: merchant.id, name: merchant.displayName }))}
                      action={saveLineGroupAction}
                      locale={locale}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
