"use server";

import { ActionError, defineAction } from "@/lib/auth/action";
import { env } from "@/lib/env";
import { getLocale } from "@/lib/i18n/server";
import { createMerchant, rotateKeys } from "@/lib/merchants/manage";
import { setApplyUnconfirmedWebhooks, updateMerchantSettings } from "@/lib/merchants/settings";
import { brandColorProblem, contrastWithWhite, normalBrandColor, prepareLogo, setBranding } from "@/lib/merchants/branding";
import { merchantMessages } from "@/components/console/settings/merchants/merchant-messages";
import { z } from "zod";
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

const brandingSchema = z.object({
  merchantId: z.string().min(1),
  // Empty (not given): PayDesk's own colour.
  brandColor: z.string().max(20).optional(),
  // An empty file input is "not given": no new logo.
  logo: z.instanceof(File).optional(),
  removeLogo: z.boolean(),
});

/**
 * The merchant's colour and logo on the customer's pages and receipts (lib/merchants/branding.ts). A
 * colour too light to read, or a file that is not a picture PayDesk can redraw small, is refused in
 * words on its field, and nothing is changed.
 */
export const updateBrandingAction = defineAction({
  permission: "merchant.manage",
  schema: brandingSchema,
  merchantScoped: true,
  audit: "merchant.branding",
  run: async ({ input, merchant, db, session }) => {
    const t = merchantMessages(await getLocale(session));
    const typed = (input.brandColor ?? "").trim();
    const color = typed === "" ? null : normalBrandColor(typed);
    if (typed !== "") {
      const problem = brandColorProblem(typed);
      if (problem === "not_a_colour" || color === null) throw new ActionError(t.colourNotAColour, { brandColor: [t.colourNotAColour] });
      if (problem === "too_light") {
        const message = t.colourTooLight(contrastWithWhite(color).toFixed(2));
        throw new ActionError(message, { brandColor: [message] });
      }
    }
    let logo: Parameters<typeof setBranding>[2]["logo"] = input.removeLogo ? "remove" : "keep";
    if (!input.removeLogo && input.logo && input.logo.size > 0) {
      const prepared = await prepareLogo(new Uint8Array(await input.logo.arrayBuffer()));
      if (!prepared.ok) {
        const message = prepared.problem === "too_large" ? t.logoTooLarge : t.logoNotAnImage;
        throw new ActionError(message, { logo: [message] });
      }
      logo = prepared.logo;
    }
    if (!(await setBranding(db, merchant.id, { color, logo }))) throw new ActionError(MERCHANT_REFUSALS.gone, {}, "not_found");
    return null;
  },
  target: (input) => input.merchantId,
});
