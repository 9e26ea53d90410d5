/**
 * Test data through PayDesk's merchant API (docs/merchant-api.md) instead of the console's forms:
 * a request made this way costs one HTTP call, not a browser context, a form and a page load. Tests
 * about the forms themselves keep using them (e2e/support/create-forms.ts).
 *
 * The keys are made once per run by the setup project (e2e/support/auth.setup.ts), as the admin,
 * one per demo merchant, and kept beside the signed-in browser states. Requests made by API show
 * in the console as made by that key, not by a person.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { demoUser, storageStatePath } from "./auth-users";
import { budget, E2E } from "./config";
import { COFFEE, GADGETS, uniqueRefId1, type Operation } from "./create-forms";

/** The merchants the setup makes a key for. */
export const API_MERCHANTS = [COFFEE, GADGETS];
const SCOPES = ["checkouts:write", "requests:read", "payouts:write", "withdrawals:write"];
/** The keys' name in Settings → Developers; the console shows it where a person's name would be. */
export const API_KEY_NAME = "E2E test data";

interface StoredKeys {
  keys: Record<string, string>;
  /** Why there is no key for a merchant (no admin to make it, the merchant is not there). */
  missing: Record<string, string>;
  /** Why the setup project could not make the keys at all: tests that need one fail with it. */
  failed?: string;
}

const keysFile = () => path.join(path.dirname(storageStatePath("default")), "api-keys.json");

/**
 * Makes a test key with every scope for each of API_MERCHANTS, as the admin, and stores them. The
 * merchants' allowed origins are left alone (e2e/console/merchant-api.spec.ts sets its own).
 */
export async function makeTestDataKeys(page: Page): Promise<void> {
  const stored: StoredKeys = { keys: {}, missing: {} };
  const admin = demoUser("admin");
  if (!admin) {
    const reason = E2E.external ? "no admin in E2E_USERS to make a merchant API key with" : "the demo users have no admin";
    for (const merchant of API_MERCHANTS) stored.missing[merchant] = reason;
  } else {
    for (const merchant of API_MERCHANTS) {
      await page.goto("/settings/developers");
      const link = page.getByTestId("developer-merchants").getByRole("link", { name: merchant });
      if ((await link.count()) === 0) {
        stored.missing[merchant] = `the admin does not see the merchant "${merchant}" in Settings → Developers`;
        continue;
      }
      await link.click();
      await page.getByLabel("Name").fill(`${API_KEY_NAME} ${new Date().toISOString()}`);
      // A test key: it never moves real money, even against a PayDesk on the real provider.
      await page.getByRole("radio", { name: "Test (the sandbox)" }).check();
      for (const scope of SCOPES) await page.getByRole("checkbox", { name: scope }).check();
      await page.getByRole("button", { name: "Create key" }).click();
      const shown = page.getByTestId("new-api-key");
      // A refusal (a step-up asked for, a rule broken) is said in the form's notice.
      const refused = page.getByTestId("api-key-error");
      await expect(shown.or(refused)).toBeVisible({ timeout: budget(15_000) });
      if (await refused.isVisible())
        throw new Error(`making a merchant API key for ${merchant} was refused: ${await refused.textContent()}`);
      stored.keys[merchant] = (await shown.locator("code").textContent())!.trim();
    }
  }
  fs.writeFileSync(keysFile(), JSON.stringify(stored), { mode: 0o600 });
}

/** The setup project's key step failed every try: tests that need a key fail, saying why. */
export function recordKeySetupFailure(why: string): void {
  fs.mkdirSync(path.dirname(keysFile()), { recursive: true });
  fs.writeFileSync(keysFile(), JSON.stringify({ keys: {}, missing: {}, failed: why } satisfies StoredKeys), { mode: 0o600 });
}

function storedKeys(): StoredKeys {
  const file = keysFile();
  if (!fs.existsSync(file)) return { keys: {}, missing: {} };
  return JSON.parse(fs.readFileSync(file, "utf8")) as StoredKeys;
}

/** Why a test that makes requests for `merchant` through the API cannot run here, or null. */
export function missingApiKey(merchant: string = COFFEE): string | null {
  const stored = storedKeys();
  // A failure is not a reason to skip: the test fails, naming the setup step that broke.
  if (stored.failed) throw new Error(`the setup project could not make the merchant API keys: ${stored.failed}`);
  if (stored.keys[merchant]) return null;
  return stored.missing[merchant] ?? `no merchant API key for ${merchant} (the setup project makes it: ${keysFile()} has none)`;
}

/** Skips the calling test (or a hook's tests) when there is no key for one of `merchants`. */
export function skipWithoutApiKey(test: { skip(condition: boolean, reason: string): void }, ...merchants: string[]): void {
  for (const merchant of merchants.length ? merchants : [COFFEE]) {
    const reason = missingApiKey(merchant);
    test.skip(reason !== null, reason ?? "");
  }
}

export interface ApiRequest {
  /** PayDesk's request id. */
  id: string;
  refId1: string;
  reference: string;
  status: string;
  /** Pay-In: PayDesk's hosted checkout. */
  checkoutUrl: string | null;
  /** The whole answer, as docs/merchant-api.md describes it. */
  body: Record<string, unknown>;
}

/** Calls the merchant API as `merchant`'s key. */
export async function callApi(merchant: string, method: string, pathname: string, body?: unknown): Promise<Response> {
  const key = storedKeys().keys[merchant];
  if (!key) throw new Error(missingApiKey(merchant)!);
  return fetch(`${E2E.baseUrl}${pathname}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export interface ApiRequestOptions {
  operation?: Operation;
  amount: string;
  merchant?: string;
  /** The merchant's reference: RefId1 when it fits the provider's rules (else it becomes RefId2 and PayDesk makes a RefId1). */
  reference?: string;
  payerName?: string;
  payerPhone?: string;
  description?: string;
  metadata?: Record<string, string>;
  /** Pay-Out and Withdrawal: where the money goes. */
  destination?: Record<string, string>;
}

const DEFAULT_DESTINATION = { type: "bank", bank_code: "KBANK", account_no: "0123456789", account_name: "Somsri Rakdee" };

/** Creates a Pay-In, P2P Pay-In, Pay-Out or Withdrawal through the merchant API; fails the test on any other answer than 201/202. */
export async function createViaApi(options: ApiRequestOptions): Promise<ApiRequest> {
  const operation = options.operation ?? "payin";
  const merchant = options.merchant ?? COFFEE;
  const reference = options.reference ?? uniqueRefId1("E2E-API");
  const isPayIn = operation === "payin" || operation === "p2p";
  const body = isPayIn
    ? {
        type: operation,
        amount: options.amount,
        reference,
        payer: { name: options.payerName ?? "สมหญิง ใจงาม", ...(options.payerPhone ? { phone: options.payerPhone } : {}) },
        ...(options.description ? { description: options.description } : {}),
        ...(options.metadata ? { metadata: options.metadata } : {}),
      }
    : {
        amount: options.amount,
        reference,
        destination: options.destination ?? DEFAULT_DESTINATION,
        ...(options.description ? { description: options.description } : {}),
        ...(options.metadata ? { metadata: options.metadata } : {}),
      };
  const endpoint = isPayIn ? "/api/v1/checkouts" : operation === "payout" ? "/api/v1/payouts" : "/api/v1/withdrawals";
  const response = await callApi(merchant, "POST", endpoint, body);
  const answer = (await response.json()) as Record<string, unknown>;
  expect([201, 202], `POST ${endpoint} for ${merchant} → ${response.status} ${JSON.stringify(answer)}`).toContain(response.status);
  return {
    id: answer.id as string,
    refId1: answer.ref_id1 as string,
    reference: answer.reference as string,
    status: answer.status as string,
    checkoutUrl: (answer.checkout_url as string | null) ?? null,
    body: answer,
  };
}

/** `GET /api/v1/payment-requests/{id}` as `merchant`'s key. */
export async function readViaApi(id: string, merchant: string = COFFEE): Promise<Record<string, unknown>> {
  const response = await callApi(merchant, "GET", `/api/v1/payment-requests/${id}`);
  expect(response.status, `GET /api/v1/payment-requests/${id}`).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}
