/**
 * First-start seed: a demo org, two merchants, a submit key and a read (VIEWER) key for each,
 * receiving accounts, registered pay-out destinations and pay-in limits. The keys are printed at
 * start and written to credentials.json (mode 0600), which PayDesk reads in demo mode.
 */
import fs from "node:fs";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import type { SandboxConfig } from "./env";
import type { Store } from "./store";
import type { ApiKey, BankAccount, Merchant } from "./types";

export const DEMO_ORG_ID = "demo";

export interface SeededMerchant {
  name: string;
  code: string;
  orgId: string;
  merchantId: string;
  submitKey: string;
  readKey: string;
  payinMinAmount: string | null;
  payinMaxAmount: string | null;
  payoutDestinations: { id: string; bankCode: string; accountNo: string; accountName: string; promptPayId: string | null }[];
}

export interface Credentials {
  sandbox: true;
  profile: SandboxConfig["profile"];
  baseUrl: string;
  webhookHeader: string;
  /** The secret the webhooks carry in webhookHeader; null when no webhook URL is configured. */
  webhookSecret: string | null;
  merchants: SeededMerchant[];
  /** The LINE stand-in's channel (sandbox/line), which PayDesk's demo mode connects to. */
  line: { channelAccessToken: string; channelSecret: string };
}

export function seedIfEmpty(store: Store, config: SandboxConfig): void {
  if (store.count("orgs") === 0) {
    store.put("orgs", { id: DEMO_ORG_ID, name: "PayDesk Demo Co., Ltd." });
    const coffee = merchant("SIAMCOFFEE", "Siam Coffee Roasters", 2_000, 5_000_000);
    const gadgets = merchant("CMGADGETS", "Chiang Mai Gadgets", 10_000, 20_000_000);
    for (const m of [coffee, gadgets]) {
      store.put("merchants", m);
      store.put("keys", key(m.id, ["PAYMENT_REQUEST", "PAYOUT_REQUEST", "WITHDRAWAL_REQUEST"], `${m.code} submit`));
      store.put("keys", key(m.id, ["VIEWER"], `${m.code} read`));
    }
    // Receiving accounts: two PromptPay accounts and an SCB biller for the coffee shop, one for gadgets,
    // so Pay-In with QrProvider SCB has no account for gadgets (ERROR_NO_PAYIN_ACCOUNT_MATCH).
    store.put("accounts", account(coffee.id, "PayIn", "KBANK", "1234567890", "บจก. สยาม คอฟฟี่ โรสเตอร์ส", "0105561234567"));
    store.put("accounts", account(coffee.id, "PayIn", "KTB", "9870001234", "บจก. สยาม คอฟฟี่ โรสเตอร์ส", "0812345670"));
    store.put("accounts", {
      ...account(coffee.id, "PayIn", "SCB", "4071234567", "Siam Coffee Roasters Co., Ltd.", null),
      billerId: "010556123456701",
    });
    store.put("accounts", account(gadgets.id, "PayIn", "BBL", "1019876543", "บจก. เชียงใหม่ แกดเจ็ต", "0899999999"));
    // Registered destinations (PayinBankAccountId on Pay-Out/Withdrawal).
    store.put("accounts", account(coffee.id, "PayOut", "KTB", "6621234567", "นายสมชาย ใจดี", "0812345678"));
    store.put("accounts", account(coffee.id, "PayOut", "BAY", "1231234567", "Somsri Rakdee", null));
    store.put("accounts", account(gadgets.id, "PayOut", "KBANK", "0551234567", "บจก. เชียงใหม่ แกดเจ็ต (ถอนเงิน)", null));
  }
  // The webhook target can change between starts (another port for PayDesk), so apply it every time.
  // The shared secret is SANDBOX_WEBHOOK_SECRET, else the one chosen at an earlier start, else a new
  // random one; it is written to credentials.json, where PayDesk's demo mode picks it up.
  if (config.webhookUrl) {
    const secret = config.webhookSecret ?? webhookSecretOf(store, config) ?? `whsec_${randomBytes(32).toString("base64url")}`;
    for (const m of store.all("merchants")) {
      store.put("merchants", { ...m, webhook: { url: config.webhookUrl, headers: { [config.webhookHeader]: secret }, isActive: true } });
    }
  }
}

/**
 * Another merchant in the demo org, as the provider's admin would create one: its submit and read
 * keys, the demo merchants' fee rates and webhook (so its events reach PayDesk like theirs), a
 * receiving PromptPay account, and a wallet holding `balanceSatang` (an `OpeningBalance`-style seed movement, so its history adds up).
 * For tests that need a wallet of their own.
 */
export function addMerchant(
  store: Store,
  input: { name: string; code: string },
): { merchant: Merchant; submitKey: string; readKey: string } {
  const m = merchant(input.code, input.name, 2_000, 5_000_000);
  const webhook = store.all("merchants").find((other) => other.webhook)?.webhook ?? null;
  store.put("merchants", { ...m, webhook });
  const submit = store.put("keys", key(m.id, ["PAYMENT_REQUEST", "PAYOUT_REQUEST", "WITHDRAWAL_REQUEST"], `${m.code} submit`));
  const read = store.put("keys", key(m.id, ["VIEWER"], `${m.code} read`));
  // A receiving PromptPay account, so it can take Pay-Ins (the provider's admin sets one up with the merchant).
  const digits = () => String(Math.floor(1e9 + Math.random() * 8e9));
  store.put("accounts", account(m.id, "PayIn", "KBANK", digits(), input.name, `0${digits()}`.slice(0, 10)));
  return { merchant: m, submitKey: submit.key, readKey: read.key };
}

/** The shared secret the demo merchants' webhooks carry, if any. */
export function webhookSecretOf(store: Store, config: SandboxConfig): string | null {
  for (const m of store.all("merchants")) {
    const value = m.webhook?.headers[config.webhookHeader];
    if (value) return value;
  }
  return null;
}

export function credentials(store: Store, config: SandboxConfig, baseUrl: string): Credentials {
  const keys = store.all("keys");
  const firstKey = (merchantId: string, role: string) =>
    keys.find((k) => k.merchantId === merchantId && k.status === "Active" && k.label.endsWith(role))?.key ?? "";
  return {
    sandbox: true,
    profile: config.profile,
    baseUrl,
    webhookHeader: config.webhookHeader,
    webhookSecret: webhookSecretOf(store, config),
    merchants: store
      .all("merchants")
      .filter((m) => m.orgId === DEMO_ORG_ID)
      .map((m) => ({
        name: m.name,
        code: m.code,
        orgId: m.orgId,
        merchantId: m.id,
        submitKey: firstKey(m.id, "submit"),
        readKey: firstKey(m.id, "read"),
        payinMinAmount: m.payinMinSatang === null ? null : (m.payinMinSatang / 100).toFixed(2),
        payinMaxAmount: m.payinMaxSatang === null ? null : (m.payinMaxSatang / 100).toFixed(2),
        payoutDestinations: store
          .all("accounts")
          .filter((a) => a.category === "PayOut" && a.merchantId === m.id)
          .map((a) => ({ id: a.id, bankCode: a.bankCode, accountNo: a.accountNo, accountName: a.accountName, promptPayId: a.promptPayId })),
      })),
    line: { channelAccessToken: config.line.channelAccessToken, channelSecret: config.line.channelSecret },
  };
}

export function writeCredentials(dir: string, creds: Credentials): string {
  const file = path.join(dir, "credentials.json");
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  return file;
}

function merchant(code: string, name: string, minSatang: number, maxSatang: number): Merchant {
  return {
    id: randomUUID(),
    orgId: DEMO_ORG_ID,
    code,
    name,
    payinMinSatang: minSatang,
    payinMaxSatang: maxSatang,
    payinExpireMinutes: null,
    payInFeePct: "1.5",
    payoutFeePct: "0.5",
    webhook: null,
  };
}

function key(merchantId: string, roles: string[], label: string): ApiKey {
  return { key: randomUUID(), orgId: DEMO_ORG_ID, merchantId, roles, status: "Active", expiresAt: null, label };
}

function account(
  merchantId: string,
  category: BankAccount["category"],
  bankCode: string,
  accountNo: string,
  accountName: string,
  promptPayId: string | null,
): BankAccount {
  return {
    id: randomUUID(),
    orgId: DEMO_ORG_ID,
    merchantId,
    category,
    bankCode,
    accountNo,
    accountName,
    promptPayId,
    billerId: null,
    isActive: true,
  };
}
