import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LimitsForm } from "@/components/console/settings/merchants/limits-form";
import { MerchantSummaryCard } from "@/components/console/settings/merchants/merchant-summary";
import { merchantMessages } from "@/components/console/settings/merchants/merchant-messages";
import { RotateKeysForm } from "@/components/console/settings/merchants/rotate-keys-form";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { TestKeysPanel } from "@/components/console/settings/merchants/test-keys-panel";
import { UnconfirmedWebhooksForm } from "@/components/console/settings/merchants/unconfirmed-webhooks-form";
import { WebhookSecretPanel } from "@/components/console/settings/merchants/webhook-secret-panel";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { toDecimalString } from "@/lib/money";
import { getMerchantSettings } from "@/lib/merchants/settings";
import {
  allowUnconfirmedWebhooksAction,
  refuseUnconfirmedWebhooksAction,
  rotateKeysAction,
  rotateWebhookSecretAction,
  testKeysAction,
  updateMerchantSettingsAction,
} from "../actions";

export const metadata: Metadata = { title: "Merchant" };

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const baht = (satang: number | null) => (satang === null ? "" : toDecimalString(satang));

export default async function MerchantPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const session = await requirePermission("merchant.manage");
  const [{ id }, query, locale] = await Promise.all([params, searchParams, getLocale()]);
  // Outside the person's scope is "not found", like a merchant that does not exist.
  const merchant = await getMerchantSettings(await getDb(), session, id);
  if (!merchant) notFound();
  const t = merchantMessages(locale);
  const section = "rounded-lg border border-slate-200 bg-white p-5";
  return (
    <>
      <SettingsNav session={session} locale={locale} current="merchants" />
      <p className="text-sm">
        <Link href="/settings/merchants" className="text-brand-dark underline">
          ← {t.backToMerchants}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">
        {merchant.displayName}
        {merchant.isDemo && (
          <span className="ml-3 rounded bg-amber-100 px-2 py-0.5 align-middle text-sm font-medium text-amber-900">{t.demo}</span>
        )}
      </h1>
      {query.created && (
        <p
          role="status"
          className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          data-testid="merchant-created"
        >
          {t.created}
        </p>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="details-heading" className={section}>
          <h2 id="details-heading" className="text-lg font-medium">
            {t.details}
          </h2>
          <MerchantSummaryCard merchant={merchant} locale={locale} />
        </section>
        <section aria-labelledby="test-heading" className={section}>
          <h2 id="test-heading" className="text-lg font-medium">
            {t.testKeys}
          </h2>
          <div className="mt-3">
            <TestKeysPanel action={testKeysAction} merchantId={merchant.id} locale={locale} />
          </div>
        </section>
        <section aria-labelledby="rotate-heading" className={section}>
          <h2 id="rotate-heading" className="text-lg font-medium">
            {t.rotateTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t.rotateIntro}</p>
          <div className="mt-4">
            <RotateKeysForm
              action={rotateKeysAction}
              merchantId={merchant.id}
              hasReadKey={merchant.readKeyLast4 !== null}
              locale={locale}
            />
          </div>
        </section>
        <section aria-labelledby="secret-heading" className={section}>
          <h2 id="secret-heading" className="text-lg font-medium">
            {t.secretTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t.secretIntro}</p>
          <div className="mt-4">
            <WebhookSecretPanel
              action={rotateWebhookSecretAction}
              merchantId={merchant.id}
              hasSecret={merchant.hasWebhookSecret}
              locale={locale}
            />
          </div>
        </section>
        <section aria-labelledby="unconfirmed-heading" className={`${section} lg:col-span-2`}>
          <h2 id="unconfirmed-heading" className="text-lg font-medium">
            {t.unconfirmedTitle}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">{t.unconfirmedIntro}</p>
          <div className="mt-4 max-w-3xl">
            <UnconfirmedWebhooksForm
              allow={allowUnconfirmedWebhooksAction}
              refuse={refuseUnconfirmedWebhooksAction}
              merchantId={merchant.id}
              isOn={merchant.applyUnconfirmedWebhooks}
              locale={locale}
            />
          </div>
        </section>
        <section aria-labelledby="limits-heading" className={`${section} lg:col-span-2`}>
          <h2 id="limits-heading" className="text-lg font-medium">
            {t.limitsTitle}
          </h2>
          <div className="mt-4 max-w-2xl">
            <LimitsForm
              action={updateMerchantSettingsAction}
              merchantId={merchant.id}
              locale={locale}
              values={{
                displayName: merchant.displayName,
                payinMin: baht(merchant.payinMinSatang),
                payinMax: baht(merchant.payinMaxSatang),
                payoutApprovalThreshold: baht(merchant.payoutApprovalThresholdSatang),
                payoutCeiling: baht(merchant.payoutCeilingSatang),
              }}
            />
          </div>
        </section>
      </div>
    </>
  );
}
