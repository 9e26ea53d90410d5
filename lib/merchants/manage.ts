import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { merchants, webhookEndpoints, staffUsers } from "../db/schema";
import { DEFAULT_PAYOUT_CEILING_SATANG, toDecimalString, toSatang } from "../money";
import type { MerchantCredentials } from "../provider/client";
import { KeyVaultError, lastFour, type KeySlot, type KeyVault } from "./key-vault";
import { setWebhookSecret, webhookSecretDigest } from "./webhook-secret";

/**
 * Merchants and their API keys. A key is sealed as soon as it arrives and only its last four
 * characters are ever shown again; the clear key exists only inside `credentialsFor`, on the way
 * to the provider client (docs/payment-request-service.md, Authentication rule 6).
 */

const apiKey = z
  .string()
  .trim()
  .min(8, "An API key from the provider is longer than that.")
  .max(200, "That is too long for an API key.")
  .regex(/^[\x21-\x7e]+$/, "An API key has no spaces or non-English characters.");

export const merchantInputSchema = z
  .object({
    displayName: z.string().trim().min(1, "Give the merchant a name staff will recognise.").max(100),
    orgId: z
      .string()
      .trim()
      .min(1, "The org id from the provider is required.")
      .max(100)
      .regex(/^[^/\s]+$/, "An org id has no spaces or slashes."),
    merchantId: z
      .string()
      .trim()
      .regex(
        /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
        "The provider's merchant id is a GUID such as 0e6a33cb-96cc-47a6-ac51-1de5027ec190.",
      ),
    submitKey: apiKey,
    readKey: apiKey.optional(),
    payinMinSatang: z.number().int().nonnegative().optional(),
    payinMaxSatang: z.number().int().positive().optional(),
    payoutApprovalThresholdSatang: z.number().int().nonnegative().optional(),
    payoutCeilingSatang: z.number().int().positive().optional(),
  })
  .refine((m) => m.payinMinSatang === undefined || m.payinMaxSatang === undefined || m.payinMinSatang <= m.payinMaxSatang, {
    message: "The Pay-In minimum cannot be more than the maximum.",
    path: ["payinMaxSatang"],
  });
export type MerchantInput = z.input<typeof merchantInputSchema>;

export const newMerchantId = () => `mer_${randomBytes(8).toString("hex")}`;
const money = (satang: number | undefined) => (satang === undefined ? null : toDecimalString(satang));

export async function createMerchant(db: Db, vault: KeyVault, input: MerchantInput, options: { isDemo?: boolean } = {}) {
  const m = merchantInputSchema.parse(input);
  const id = newMerchantId();
  const [row] = await db
    .insert(merchants)
    .values({
      id,
      displayName: m.displayName,
      orgId: m.orgId,
      merchantId: m.merchantId.toLowerCase(),
      submitKeyEncrypted: vault.seal(m.submitKey, { merchantId: id, field: "submitKey" }),
      submitKeyLast4: lastFour(m.submitKey),
      readKeyEncrypted: m.readKey ? vault.seal(m.readKey, { merchantId: id, field: "readKey" }) : null,
      readKeyLast4: m.readKey ? lastFour(m.readKey) : null,
      payinMin: money(m.payinMinSatang),
      payinMax: money(m.payinMaxSatang),
      payoutApprovalThreshold: money(m.payoutApprovalThresholdSatang),
      payoutCeiling: money(m.payoutCeilingSatang ?? DEFAULT_PAYOUT_CEILING_SATANG)!,
      isDemo: options.isDemo ?? false,
    })
    .returning({ id: merchants.id, submitKeyLast4: merchants.submitKeyLast4, readKeyLast4: merchants.readKeyLast4 });
  return row!;
}

export const keyRotationSchema = z.object({ submitKey: apiKey.optional(), readKey: apiKey.nullable().optional() });

/** Replaces one or both keys (a rotation at the provider); `readKey: null` removes the read key. */
export async function rotateKeys(db: Db, vault: KeyVault, id: string, input: z.input<typeof keyRotationSchema>) {
  const k = keyRotationSchema.parse(input);
  const changes: Partial<typeof merchants.$inferInsert> = { updatedAt: new Date() };
  if (k.submitKey !== undefined)
    Object.assign(changes, {
      submitKeyEncrypted: vault.seal(k.submitKey, { merchantId: id, field: "submitKey" }),
      submitKeyLast4: lastFour(k.submitKey),
    });
  if (k.readKey === null) Object.assign(changes, { readKeyEncrypted: null, readKeyLast4: null });
  else if (k.readKey !== undefined)
    Object.assign(changes, {
      readKeyEncrypted: vault.seal(k.readKey, { merchantId: id, field: "readKey" }),
      readKeyLast4: lastFour(k.readKey),
    });
  const [row] = await db
    .update(merchants)
    .set(changes)
    .where(eq(merchants.id, id))
    .returning({ id: merchants.id, submitKeyLast4: merchants.submitKeyLast4, readKeyLast4: merchants.readKeyLast4 });
  return row;
}

/** The clear keys, for the provider client only. */
export async function credentialsFor(db: Db, vault: KeyVault, id: string): Promise<MerchantCredentials | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  return row ? credentialsOf(row, vault) : undefined;
}

/** The same, from a merchant row already read (the merchant API reads it for its rules anyway). */
export function credentialsOf(row: typeof merchants.$inferSelect, vault: KeyVault): MerchantCredentials {
  return {
    orgId: row.orgId,
    merchantId: row.merchantId,
    submitKey: vault.open(row.submitKeyEncrypted, { merchantId: row.id, field: "submitKey" }),
    readKey: row.readKeyEncrypted ? vault.open(row.readKeyEncrypted, { merchantId: row.id, field: "readKey" }) : null,
    label: row.displayName,
  };
}

/**
 * At every start: seal again everything sealed with an older ENCRYPTION_KEY (after a rotation) or
 * in the older unbound format (key-vault.ts), so each value ends up bound to its row under the
 * current key: the merchants' provider keys, the outbound endpoints' signing secrets (current and
 * previous) and the staff's authenticator-app secrets. Values no listed key can open are reported
 * by row id, not fatal: a merchant's keys must be entered again, an endpoint's secret rotated, a
 * person's second factor reset by an admin.
 */
export async function reencryptAll(db: Db, vault: KeyVault): Promise<{ resealed: number; unreadable: string[] }> {
  let resealed = 0;
  const unreadable: string[] = [];
  /** The row's sealed values opened and sealed again, or null when one cannot be opened. */
  const reseal = (values: Array<[string | null, KeySlot]>): Array<string | null> | null => {
    try {
      return values.map(([sealed, slot]) => (sealed ? vault.reseal(sealed, slot) : null));
    } catch (error) {
      if (!(error instanceof KeyVaultError)) throw error;
      return null;
    }
  };
  const isStale = (...values: Array<string | null>) => values.some((value) => value !== null && vault.isStale(value));

  for (const row of await db.select().from(merchants)) {
    if (!isStale(row.submitKeyEncrypted, row.readKeyEncrypted)) continue;
    const sealed = reseal([
      [row.submitKeyEncrypted, { merchantId: row.id, field: "submitKey" }],
      [row.readKeyEncrypted, { merchantId: row.id, field: "readKey" }],
    ]);
    if (!sealed) {
      unreadable.push(row.id);
      continue;
    }
    await db
      .update(merchants)
      .set({ submitKeyEncrypted: sealed[0]!, readKeyEncrypted: sealed[1] ?? null, updatedAt: new Date() })
      .where(eq(merchants.id, row.id));
    resealed += 1;
  }

  const endpoints = await db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secretEncrypted, previous: webhookEndpoints.previousSecretEncrypted })
    .from(webhookEndpoints);
  for (const row of endpoints) {
    if (!isStale(row.secret, row.previous)) continue;
    const slot = { merchantId: row.id, field: "endpointSecret" } as const;
    const sealed = reseal([
      [row.secret, slot],
      [row.previous, slot],
    ]);
    if (!sealed) {
      unreadable.push(row.id);
      continue;
    }
    // Only if unchanged meanwhile: a rotation on another instance wins.
    await db
      .update(webhookEndpoints)
      .set({ secretEncrypted: sealed[0]!, previousSecretEncrypted: sealed[1] ?? null })
      .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secretEncrypted, row.secret)));
    resealed += 1;
  }

  const people = await db
    .select({ id: staffUsers.id, secret: staffUsers.totpSecretEncrypted, pending: staffUsers.totpPendingSecretEncrypted })
    .from(staffUsers)
    .where(sql`${staffUsers.totpSecretEncrypted} is not null or ${staffUsers.totpPendingSecretEncrypted} is not null`);
  for (const row of people) {
    if (!isStale(row.secret, row.pending)) continue;
    const slot = { merchantId: row.id, field: "totpSecret" } as const;
    const sealed = reseal([
      [row.secret, slot],
      [row.pending, slot],
    ]);
    if (!sealed) {
      unreadable.push(row.id);
      continue;
    }
    await db
      .update(staffUsers)
      .set({ totpSecretEncrypted: sealed[0] ?? null, totpPendingSecretEncrypted: sealed[1] ?? null })
      .where(
        and(
          eq(staffUsers.id, row.id),
          row.secret === null ? isNull(staffUsers.totpSecretEncrypted) : eq(staffUsers.totpSecretEncrypted, row.secret),
          row.pending === null ? isNull(staffUsers.totpPendingSecretEncrypted) : eq(staffUsers.totpPendingSecretEncrypted, row.pending),
        ),
      );
    resealed += 1;
  }
  return { resealed, unreadable };
}

const sandboxCredentialsSchema = z.object({
  sandbox: z.literal(true),
  webhookSecret: z.string().nullish(),
  merchants: z.array(
    z.object({
      name: z.string(),
      orgId: z.string(),
      merchantId: z.string(),
      submitKey: z.string(),
      readKey: z.string(),
      payinMinAmount: z.string().nullable(),
      payinMaxAmount: z.string().nullable(),
    }),
  ),
});

/**
 * Demo mode: the sandbox's seeded merchants, loaded from its credentials.json and kept in step
 * (a re-seeded sandbox has new keys). Returns the number of merchants loaded.
 */
export async function loadDemoMerchants(db: Db, vault: KeyVault, credentialsFile: string): Promise<number> {
  if (!fs.existsSync(credentialsFile)) return 0;
  const creds = sandboxCredentialsSchema.parse(JSON.parse(fs.readFileSync(credentialsFile, "utf8")));
  for (const m of creds.merchants) {
    const satang = (amount: string | null) => (amount === null ? undefined : toSatang(amount));
    const [existing] = await db
      .select({
        id: merchants.id,
        submitKeyEncrypted: merchants.submitKeyEncrypted,
        readKeyEncrypted: merchants.readKeyEncrypted,
        webhookSecretHash: merchants.webhookSecretHash,
      })
      .from(merchants)
      .where(and(eq(merchants.orgId, m.orgId), eq(merchants.merchantId, m.merchantId)))
      .limit(1);
    if (existing) {
      // Every start reads this file: write only what a re-seeded sandbox changed.
      const same = (sealed: string | null, plain: string, field: KeySlot["field"]) => {
        try {
          return sealed !== null && vault.open(sealed, { merchantId: existing.id, field }) === plain;
        } catch {
          return false;
        }
      };
      if (!same(existing.submitKeyEncrypted, m.submitKey, "submitKey") || !same(existing.readKeyEncrypted, m.readKey, "readKey")) {
        await rotateKeys(db, vault, existing.id, { submitKey: m.submitKey, readKey: m.readKey });
      }
      if (creds.webhookSecret && existing.webhookSecretHash !== webhookSecretDigest(creds.webhookSecret))
        await setWebhookSecret(db, existing.id, creds.webhookSecret);
      continue;
    }
    const created = await createMerchant(
      db,
      vault,
      {
        displayName: m.name,
        orgId: m.orgId,
        merchantId: m.merchantId,
        submitKey: m.submitKey,
        readKey: m.readKey,
        payinMinSatang: satang(m.payinMinAmount),
        payinMaxSatang: satang(m.payinMaxAmount),
        payoutApprovalThresholdSatang: 5_000_000, // demo: Pay-Outs above 50,000 THB need a second person
      },
      { isDemo: true },
    ).catch(async (error: unknown) => {
      // Another instance loaded it at the same moment (unique org + merchant): nothing to do.
      const [row] = await db
        .select({ id: merchants.id })
        .from(merchants)
        .where(and(eq(merchants.orgId, m.orgId), eq(merchants.merchantId, m.merchantId)));
      if (!row) throw error;
      return null;
    });
    // The sandbox's webhooks carry its shared secret; PayDesk must accept it (lib/provider-webhooks).
    if (created && creds.webhookSecret) await setWebhookSecret(db, created.id, creds.webhookSecret);
  }
  return creds.merchants.length;
}
