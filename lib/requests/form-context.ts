import "server-only";
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { paymentRequests } from "../db/schema";
import { env } from "../env";
import { getMerchantInScope, type MerchantScope, type MerchantSummary } from "../merchants/queries";
import { toSatang, type Satang } from "../money";
import { messageKey } from "./form-messages";
import type { PayInLimits } from "./forms";
import { log } from "../ops/log";

/**
 * What the create forms and their actions need to know about a merchant beyond its name: the
 * Pay-In range (shown beside the amount, checked before sending), the Pay-Out approval threshold
 * (maker-checker), and in demo mode the sandbox's registered pay-out destinations. Scoped inside
 * the query: a merchant outside the person's scope is simply not found (docs/STYLE.md habit 2).
 */
export interface MerchantRules {
  id: string;
  displayName: string;
  limits: PayInLimits;
  /** Pay-Out/Withdrawal above this many satang wait for a second person; null = never. */
  approvalThresholdSatang: Satang | null;
  /** The most a single Pay-Out/Withdrawal may be: above it, refused whichever door it comes through. */
  payoutCeilingSatang: Satang;
}

const satangOrNull = (value: string | null) => (value === null ? null : toSatang(value));

export async function merchantRules(db: Db, scope: MerchantScope, merchantRowId: string): Promise<MerchantRules | undefined> {
  const merchant = await getMerchantInScope(db, scope, merchantRowId);
  return merchant ? rulesOf(merchant) : undefined;
}

/** The rules of a merchant already loaded in scope (an action's context has one: no second read). */
export function rulesOf(
  merchant: Pick<MerchantSummary, "id" | "displayName" | "payinMin" | "payinMax" | "payoutApprovalThreshold" | "payoutCeiling">,
): MerchantRules {
  return {
    id: merchant.id,
    displayName: merchant.displayName,
    limits: { minSatang: satangOrNull(merchant.payinMin), maxSatang: satangOrNull(merchant.payinMax) },
    approvalThresholdSatang: satangOrNull(merchant.payoutApprovalThreshold),
    payoutCeilingSatang: toSatang(merchant.payoutCeiling),
  };
}

/** A Pay-Out/Withdrawal over the merchant's ceiling, as the amount's message key (`amountAboveCeiling:<satang>`); null when within it. */
export function ceilingIssue(amountSatang: Satang, rules: Pick<MerchantRules, "payoutCeilingSatang">): string | null {
  return amountSatang > rules.payoutCeilingSatang ? messageKey("amountAboveCeiling", rules.payoutCeilingSatang) : null;
}

/** Maker-checker: strictly above the threshold needs a second person. */
export function needsApproval(amountSatang: Satang, rules: Pick<MerchantRules, "approvalThresholdSatang">): boolean {
  return rules.approvalThresholdSatang !== null && amountSatang > rules.approvalThresholdSatang;
}

/**
 * Whether this merchant already has a request with this RefId1 (any state: the provider keeps
 * rejected RefId1s too, docs/provider-facts.md §8.6). The database's unique index is the final word at
 * submit; this answers the form's early check.
 */
export async function isRefId1Taken(db: Db, merchantRowId: string, refId1: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.merchantId, merchantRowId), eq(paymentRequests.refId1, refId1)))
    .limit(1);
  return row !== undefined;
}

export interface SavedDestination {
  id: string;
  bankCode: string;
  accountNo: string;
  accountName: string;
  promptPayId: string | null;
}

const credentialsSchema = z.object({
  merchants: z.array(
    z.object({
      orgId: z.string(),
      merchantId: z.string(),
      payoutDestinations: z
        .array(
          z.object({
            id: z.string(),
            bankCode: z.string(),
            accountNo: z.string(),
            accountName: z.string(),
            promptPayId: z.string().nullable(),
          }),
        )
        .default([]),
    }),
  ),
});

/**
 * Demo mode only: the destinations registered at the sandbox for this merchant (its
 * credentials.json, sandbox/seed.ts). The real provider has no API that lists them, so outside
 * demo mode the form asks for the id itself.
 */
export function savedDestinationsFor(merchant: { orgId: string; merchantId: string }, file = defaultCredentialsFile()): SavedDestination[] {
  if (file === null || !fs.existsSync(file)) return [];
  let parsed: z.output<typeof credentialsSchema>;
  try {
    parsed = credentialsSchema.parse(JSON.parse(fs.readFileSync(file, "utf8")));
  } catch (error) {
    log("paydesk").warn(`${file} cannot be read for saved destinations`, {
      reason: error instanceof Error ? error.message : String(error),
    });
    return [];
  }
  const found = parsed.merchants.find(
    (m) => m.orgId === merchant.orgId && m.merchantId.toLowerCase() === merchant.merchantId.toLowerCase(),
  );
  return found?.payoutDestinations ?? [];
}

function defaultCredentialsFile(): string | null {
  const settings = env();
  return settings.isSandbox ? path.join(settings.sandboxDataDir, "credentials.json") : null;
}
