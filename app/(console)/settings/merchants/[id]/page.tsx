import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BrandingForm } from "@/components/console/settings/merchants/branding-form";
import { LimitsForm } from "@/components/console/settings/merchants/limits-form";
import { MerchantSummaryCard } from "@/components/console/settings/merchants/merchant-summary";
import { merchantMessages } from "@/components/console/settings/merchants/merchant-messages";
import { RotateKeysForm } from "@/components/console/settings/merchants/rotate-keys-form";
import { SettingsDetailHead, SettingsSection } from "@/components/console/settings/detail-layout";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { TestKeysPanel } from "@/components/console/settings/merchants/test-keys-panel";
import { UnconfirmedWebhooksForm } from "@/components/console/settings/merchants/unconfirmed-webhooks-form";
import { WebhookSecretPanel } from "@/components/console/settings/merchants/webhook-secret-panel";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { toDecimalString } from "@/lib/money";
import { brandingOf, logoPath } from "@/lib/merchants/branding";
import { getMerchantSettings } from "@/lib/merchants/settings";
import {
  allowUnconfirmedWebhooksAction,
  refuseUnconfirmedWebhooksAction,
  rotateKeysAction,
  rotateWebhookSecretAction,
  testKeysAction,
  updateBrandingAction,
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
  const db = await getDb();
  const merchant = await getMerchantSettings(db, session, id);
  if (!merchant) notFound();
  const brand = await brandingOf(db, merchant.id);
  const t = merchantMessages(locale);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="merchants" />
      <SettingsDetailHead
        back="/settings/merchants"
        backLabel={t.backToMerchants}
        title={
          <>
            {merchant.displayName}
            {merchant.isDemo && (
              <span className="ml-3 rounded bg-amber-100 px-2 py-0.5 align-middle text-sm font-medium text-amber-900">{t.demo}</span>
            )}
          </>
        }
      />
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
        <SettingsSection id="details" title={t.details} bodyClassName="">
          <MerchantSummaryCard merchant={merchant} locale={locale} />
        </SettingsSection>
        <SettingsSection id="test" title={t.testKeys} bodyClassName="mt-3">
          <TestKeysPanel action={testKeysAction} merchantId={merchant.id} locale={locale} />
        </SettingsSection>
        <SettingsSection id="rotate" title={t.rotateTitle} intro={t.rotateIntro}>
          <RotateKeysForm action={rotateKeysAction} merchantId={merchant.id} hasReadKey={merchant.readKeyLast4 !== null} locale={locale} />
        </SettingsSection>
        <SettingsSection id="secret" title={t.secretTitle} intro={t.secretIntro}>
          <WebhookSecretPanel
            action={rotateWebhookSecretAction}
            merchantId={merchant.id}
            hasSecret={merchant.hasWebhookSecret}
            locale={locale}
          />
        </SettingsSection>
        <SettingsSection id="unconfirmed" title={t.unconfirmedTitle} intro={t.unconfirmedIntro} wide bodyClassName="mt-4 max-w-3xl">
          <UnconfirmedWebhooksForm
            allow={allowUnconfirmedWebhooksAction}
            refuse={refuseUnconfirmedWebhooksAction}
            merchantId={merchant.id}
            isOn={merchant.applyUnconfirmedWebhooks}
            locale={locale}
          />
        </SettingsSection>
        <SettingsSection id="limits" title={t.limitsTitle} wide bodyClassName="mt-4 max-w-2xl">
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
        </SettingsSection>
        <SettingsSection id="look" title={t.lookTitle} intro={t.lookIntro} wide bodyClassName="mt-4 max-w-2xl">
          <BrandingForm
            action={updateBrandingAction}
            merchantId={merchant.id}
            color={brand.color}
            logoSrc={brand.logo ? logoPath(merchant.id, brand.logo.version) : null}
            locale={locale}
          />
        </SettingsSection>
      </div>
    </>
  );
}
