import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { merchants } from "../db/schema";
import { DEFAULT_PAYOUT_CEILING_SATANG, toDecimalString, toSatang, type Satang } from "../money";
import type { MerchantScope } from "./queries";

/**
 * What the merchant settings pages show: names, ids, the last four characters of each key,
 * whether a webhook secret is set, and the limits. Never a key or a secret: the columns that hold
 * them (sealed or hashed) are not even selected.
 */
export interface MerchantSettings {
  id: string;
  displayName: string;
  orgId: string;
  merchantId: string;
  isDemo: boolean;
  submitKeyLast4: string;
  readKeyLast4: string | null;
  /** An admin chose to apply webhooks that cannot be confirmed (meaningful without a read key). */
  applyUnconfirmedWebhooks: boolean;
  hasWebhookSecret: boolean;
  /** While a rotated-out webhook secret still works. */
  previousSecretUntil: Date | null;
  payinMinSatang: Satang | null;
  payinMaxSatang: Satang | null;
  payoutApprovalThresholdSatang: Satang | null;
  payoutCeilingSatang: Satang;
  /** Where a checkout made through the merchant API may send the customer back to. */
  allowedReturnOrigins: string[];
  updatedAt: Date;
}

const columns = {
  id: merchants.id,
  displayName: merchants.displayName,
  orgId: merchants.orgId,
  merchantId: merchants.merchantId,
  isDemo: merchants.isDemo,
  submitKeyLast4: merchants.submitKeyLast4,
  readKeyLast4: merchants.readKeyLast4,
  applyUnconfirmedWebhooks: merchants.applyUnconfirmedWebhooks,
  webhookSecretHash: merchants.webhookSecretHash,
  webhookSecretPreviousUntil: merchants.webhookSecretPreviousUntil,
  payinMin: merchants.payinMin,
  payinMax: merchants.payinMax,
  payoutApprovalThreshold: merchants.payoutApprovalThreshold,
  payoutCeiling: merchants.payoutCeiling,
  allowedReturnOrigins: merchants.allowedReturnOrigins,
  updatedAt: merchants.updatedAt,
};

type Row = Pick<typeof merchants.$inferSelect, keyof typeof columns>;

const satang = (amount: string | null) => (amount === null ? null : toSatang(amount));

function view(row: Row, now: Date): MerchantSettings {
  const { webhookSecretHash, webhookSecretPreviousUntil, payinMin, payinMax, payoutApprovalThreshold, payoutCeiling, ...rest } = row;
  return {
    ...rest,
    hasWebhookSecret: webhookSecretHash !== null,
    previousSecretUntil: webhookSecretPreviousUntil && webhookSecretPreviousUntil > now ? webhookSecretPreviousUntil : null,
    payinMinSatang: satang(payinMin),
    payinMaxSatang: satang(payinMax),
    payoutApprovalThresholdSatang: satang(payoutApprovalThreshold),
    payoutCeilingSatang: toSatang(payoutCeiling),
  };
}

const inScope = (scope: MerchantScope) => (scope.merchantIds === null ? undefined : inArray(merchants.id, scope.merchantIds));

/** The merchants the person may manage, by name; scoped inside the query (docs/STYLE.md habit 2). */
export async function listMerchantSettings(db: Db, scope: MerchantScope, now = new Date()): Promise<MerchantSettings[]> {
  if (scope.merchantIds !== null && scope.merchantIds.length === 0) return [];
  const rows = await db.select(columns).from(merchants).where(inScope(scope)).orderBy(asc(merchants.displayName));
  return rows.map((row) => view(row, now));
}

/** One merchant, or undefined when it does not exist or is outside the scope. */
export async function getMerchantSettings(
  db: Db,
  scope: MerchantScope,
  id: string,
  now = new Date(),
): Promise<MerchantSettings | undefined> {
  if (scope.merchantIds !== null && !scope.merchantIds.includes(id)) return undefined;
  const [row] = await db
    .select(columns)
    .from(merchants)
    .where(and(eq(merchants.id, id), inScope(scope)))
    .limit(1);
  return row ? view(row, now) : undefined;
}

export interface MerchantSettingsChange {
  displayName: string;
  payinMinSatang?: Satang;
  payinMaxSatang?: Satang;
  payoutApprovalThresholdSatang?: Satang;
  /** Left out: the default ceiling. */
  payoutCeilingSatang?: Satang;
}

/** Name, Pay-In range, Pay-Out approval threshold and ceiling; a range or threshold left out means "no limit", a ceiling left out the default. */
export async function updateMerchantSettings(db: Db, id: string, change: MerchantSettingsChange): Promise<boolean> {
  const money = (value: Satang | undefined) => (value === undefined ? null : toDecimalString(value));
  const updated = await db
    .update(merchants)
    .set({
      displayName: change.displayName,
      payinMin: money(change.payinMinSatang),
      payinMax: money(change.payinMaxSatang),
      payoutApprovalThreshold: money(change.payoutApprovalThresholdSatang),
      payoutCeiling: toDecimalString(change.payoutCeilingSatang ?? DEFAULT_PAYOUT_CEILING_SATANG),
      updatedAt: new Date(),
    })
    .where(eq(merchants.id, id))
    .returning({ id: merchants.id });
  return updated.length > 0;
}

/**
 * Whether webhooks that cannot be confirmed with the provider are applied anyway (lib/provider-webhooks/process.ts).
 * Off unless an admin turns it on, knowingly: the action that calls this is audited.
 */
export async function setApplyUnconfirmedWebhooks(db: Db, id: string, isOn: boolean): Promise<boolean> {
  const updated = await db
    .update(merchants)
    .set({ applyUnconfirmedWebhooks: isOn, updatedAt: new Date() })
    .where(eq(merchants.id, id))
    .returning({ id: merchants.id });
  return updated.length > 0;
}
