/**
 * Test harness: a real sandbox on a free port with a throw-away data folder, and small clients
 * for its provider API and control API over real HTTP.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readSandboxConfig, type Profile, type SandboxConfig } from "../env";
import { startSandbox, type RunningSandbox } from "../server";
import type { SeededMerchant } from "../seed";

export interface TestSandbox extends RunningSandbox {
  dataDir: string;
  coffee: SeededMerchant;
  gadgets: SeededMerchant;
  /** Calls a provider action with Basic auth (user `api`). */
  call(action: string, options?: CallOptions): Promise<Response>;
  submit(operation: SubmitOperation, merchant: SeededMerchant, body: Record<string, unknown>, options?: CallOptions): Promise<Response>;
  control<T = unknown>(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** Closes and removes the data folder. */
  dispose(): Promise<void>;
}

export type SubmitOperation = "SubmitPayInRequest" | "SubmitPayInRequestP2P" | "SubmitPayOutRequest" | "SubmitWithdrawalRequest";

export interface CallOptions {
  method?: string;
  key?: string | null;
  orgId?: string;
  /** Path after the action name, e.g. the merchant id. */
  rest?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  authorization?: string;
  /** The provider controller; default PaymentRequest (the wallet reads are under Merchant). */
  controller?: string;
}

export async function startTestSandbox(profile: Profile, overrides: Partial<SandboxConfig> = {}): Promise<TestSandbox> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `paydesk-sandbox-${profile}-`));
  const config = readSandboxConfig({}, { profile, port: 0, dataDir, quiet: true, rateLimit: null, ...overrides });
  return wrap(await startSandbox(config), dataDir);
}

export async function restartTestSandbox(previous: TestSandbox, overrides: Partial<SandboxConfig> = {}): Promise<TestSandbox> {
  await previous.close();
  const config = { ...previous.ctx.config, ...overrides };
  return wrap(await startSandbox(config), previous.dataDir);
}

function wrap(running: RunningSandbox, dataDir: string): TestSandbox {
  const [coffee, gadgets] = running.credentials.merchants;
  if (!coffee || !gadgets) throw new Error("the sandbox did not seed two merchants");
  const call = async (action: string, options: CallOptions = {}) => {
    const orgId = options.orgId ?? coffee.orgId;
    const url = `${running.url}/api/${options.controller ?? "PaymentRequest"}/org/${encodeURIComponent(orgId)}/action/${action}${options.rest ? `/${options.rest}` : ""}`;
    const headers: Record<string, string> = { ...options.headers };
    if (options.authorization !== undefined) headers.Authorization = options.authorization;
    else if (options.key) headers.Authorization = `Basic ${Buffer.from(`api:${options.key}`).toString("base64")}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
      headers["Content-Type"] = "application/json";
    return fetch(url, { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  };
  return {
    ...running,
    dataDir,
    coffee,
    gadgets,
    call,
    submit: (operation, merchant, body, options = {}) =>
      call(operation, { key: merchant.submitKey, rest: merchant.merchantId, body, ...options }),
    async control<T>(method: string, pathname: string, body?: unknown) {
      const response = await fetch(`${running.url}/sandbox${pathname}`, {
        method,
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    async dispose() {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A RefId1 unique across parallel test files: short ASCII, as PayDesk's are (docs/provider-facts.md §8.2). */
export function ref(prefix = "T"): string {
  counter += 1;
  return `${prefix}-${process.pid.toString(36)}-${Date.now().toString(36)}-${counter}`.slice(0, 25);
}

export function payInBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { RefId1: ref(), PayerName: "สมชาย ใจดี", RequestedAmount: 325.5, Currency: "THB", QrProvider: "PP", ...overrides };
}

export function payOutBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    RefId1: ref("O"),
    RequestedAmount: 1500,
    QrProvider: "PP",
    BankCode: "KBANK",
    BankAccountNo: "0123456789",
    BankAccountName: "Somchai Jaidee",
    ...overrides,
  };
}
