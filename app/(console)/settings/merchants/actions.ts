"use server";

import { ActionError, defineAction } from "@/lib/auth/action";
import { env } from "@/lib/env";
import { getLocale } from "@/lib/i18n/server";
import { createMerchant, rotateKeys } from "@/lib/merchants/manage";
import { setApplyUnconfirmedWebhooks, updateMerchantSettings } from "@/lib/merchants/settings";
import {
  allowUnconfirmedWebhooksSchema,
  merchantIdSchema,
  merchantLimitsSchema,
  MERCHANT_REFUSALS,
  newMerchantSchema,
  rotateKeysSchema,
} from "@/lib/merchants/settings-schemas";
import { testMerchantKeys } from "@/lib/merchants/test-keys";
import { keyVault } from "@/lib/merchants/vault";
import { rotateWebhookSecret } from "@/lib/merchants/webhook-secret";
import { paymentApi } from "@/lib/provider";
import { describeFailure } from "@/lib/provider-words/failures";
import { isUniqueViolation, STAFF_REFUSALS } from "@/lib/staff/errors";

// Every answer here carries at most a key's last four characters: a key is entered once and never
// leaves the server again (settings.test.ts checks each action's result).

export const createMerchantAction = defineAction({
  permission: "merchant.manage",
  schema: newMerchantSchema,
  audit: "merchant.create",
  run: async ({ input, session, db }) => {
    // A merchant-limited admin would create a merchant they then cannot see or manage.
    if (session.merchantIds !== null) throw new ActionError(STAFF_REFUSALS.needsAllMerchants);
    try {
      const created = await createMerchant(db, keyVault(), {
        displayName: input.displayName,
        orgId: input.orgId,
        merchantId: input.providerMerchantId,
        submitKey: input.submitKey,
        readKey: input.readKey,
        payinMinSatang: input.payinMin,
        payinMaxSatang: input.payinMax,
        payoutApprovalThresholdSatang: input.payoutApprovalThreshold,
      });
      return { id: created.id, submitKeyLast4: created.submitKeyLast4, readKeyLast4: created.readKeyLast4 };
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ActionError(MERCHANT_REFUSALS.duplicate, { providerMerchantId: [MERCHANT_REFUSALS.duplicate] });
      throw error;
    }
  },
  target: (_input, data) => data.id,
});

export const rotateKeysAction = defineAction({
  permission: "merchant.manage",
  schema: rotateKeysSchema,
  merchantScoped: true,
  audit: "merchant.rotate-keys",
  run: async ({ input, merchant, db }) => {
    const row = await rotateKeys(db, keyVault(), merchant.id, {
      submitKey: input.submitKey,
      readKey: input.removeReadKey ? null : input.readKey,
    });
    if (!row) throw new ActionError(MERCHANT_REFUSALS.gone, {}, "not_found");
    return { submitKeyLast4: row.submitKeyLast4, readKeyLast4: row.readKeyLast4 };
  },
  target: (input) => input.merchantId,
});

export const rotateWebhookSecretAction = defineAction({
  stepUp: true,
  permission: "merchant.manage",
  schema: merchantIdSchema,
  merchantScoped: true,
  audit: "merchant.webhook-secret",
  run: async ({ merchant, db }) => {
    const overlapMs = 24 * 60 * 60 * 1000;
    // The one time the secret leaves the server: the admin copies it into the provider's webhook config.
    const secret = await rotateWebhookSecret(db, merchant.id, overlapMs);
    return { secret, header: env().WEBHOOK_SECRET_HEADER, url: `${env().PUBLIC_BASE_URL}/api/webhooks/payment` };
  },
  target: (input) => input.merchantId,
});

export const updateMerchantSettingsAction = defineAction({
  permission: "merchant.manage",
  schema: merchantLimitsSchema,
  merchantScoped: true,
  audit: "merchant.update-settings",
  run: async ({ input, merchant, db }) => {
    const isSaved = await updateMerchantSettings(db, merchant.id, {
      displayName: input.displayName,
      payinMinSatang: input.payinMin,
      payinMaxSatang: input.payinMax,
      payoutApprovalThresholdSatang: input.payoutApprovalThreshold,
      payoutCeilingSatang: input.payoutCeiling,
    });
    if (!isSaved) throw new ActionError(MERCHANT_REFUSALS.gone, {}, "not_found");
    return null;
  },
  target: (input) => input.merchantId,
});

// Two actions, so the audit log says which way the choice went (lib/provider-webhooks/process.ts).
export const allowUnconfirmedWebhooksAction = defineAction({
  permission: "merchant.manage",
  schema: allowUnconfirmedWebhooksSchema,
  merchantScoped: true,
  audit: "merchant.unconfirmed-webhooks-on",
  run: async ({ merchant, db }) => {
    if (!(await setApplyUnconfirmedWebhooks(db, merchant.id, true))) throw new ActionError(MERCHANT_REFUSALS.gone, {}, "not_found");
    return null;
  },
  target: (input) => input.merchantId,
});

export const refuseUnconfirmedWebhooksAction = defineAction({
  permission: "merchant.manage",
  schema: merchantIdSchema,
  merchantScoped: true,
  audit: "merchant.unconfirmed-webhooks-off",
  run: async ({ merchant, db }) => {
    if (!(await setApplyUnconfirmedWebhooks(db, merchant.id, false))) throw new ActionError(MERCHANT_REFUSALS.gone, {}, "not_found");
    return null;
  },
  target: (input) => input.merchantId,
});

export const testKeysAction = defineAction({
  permission: "merchant.manage",
  schema: merchantIdSchema,
  merchantScoped: true,
  // A read at the provider; it changes nothing, in PayDesk or there.
  audit: false,
  run: async ({ merchant, db }) => {
    const checks = await testMerchantKeys(db, keyVault(), await paymentApi(), merchant.id);
    if (!checks) throw new ActionError(MERCHANT_REFUSALS.gone, {}, "not_found");
    const locale = await getLocale();
    return { checks: checks.map((check) => ({ ...check, detail: check.detail && describeFailure(check.detail, locale) })) };
  },
});
