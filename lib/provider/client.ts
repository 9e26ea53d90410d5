/**
 * The provider client: one typed function per provider call, every outcome a ProviderResult.
 *
 * - Keys stay in this closure: the Basic header is built per call and never logged, thrown or
 *   returned (docs/payment-request-service.md, Authentication rule 6).
 * - Every call waits its turn at the shared rate limiter (docs/provider-facts.md §8.1).
 * - Reads retry on transient failures; a submit is never retried blindly — only after a 429,
 *   which the provider's limiter answers before anything is created (§1.1 middleware order).
 */
import { exchange } from "./transport";
import type { Lane, RateLimiter } from "./limiter";
import { payInBody, payOutBody } from "./requests";
import type { P2PRequest, PayInRequest, PayOutRequest } from "../requests/contract";
import { failures, type CallContext, type ProviderResult } from "./result";
import {
  envelopeOnly,
  interpret,
  parseDuplicates,
  parsePayIn,
  parseRecord,
  parseRecords,
  parseWallet,
  parseWalletTxs,
  payOutPayload,
  type Parse,
} from "./answers";
import type { PayInResponse, ProviderWallet, WalletTx, PayOutResponse, PaymentRecord, SlipDuplicate } from "./schemas";
import { outcomeOf, providerCallStats } from "./call-stats";

export interface MerchantCredentials {
  orgId: string;
  merchantId: string;
  submitKey: string;
  readKey: string | null;
  /** How staff know the merchant, for messages. */
  label: string;
}

export interface ClientOptions {
  baseUrl: string;
  timeoutMs: number;
  limiter: RateLimiter | null;
  fetch?: typeof fetch;
  /** Attempts for reads (and for 429 answers); default 3. */
  maxAttempts?: number;
  /** First back-off; doubles per attempt. Default 500 ms. */
  backoffMs?: number;
}

export interface ListQuery {
  fullTextSearch?: string;
  direction?: "PayIn" | "PayOut";
  status?: string;
  fromDate?: string;
  toDate?: string;
  /** 1-based, as the provider counts (docs/provider-facts.md §4.5). */
  offset?: number;
  limit?: number;
}

interface CallSpec<T> {
  /** The provider's controller: PaymentRequest for requests and slips, Merchant for the wallet (§9.2). */
  controller?: "PaymentRequest" | "Merchant";
  operation: string;
  method: "GET" | "POST";
  /** Path after `/action/{operation}`. */
  rest: string;
  orgId: string;
  /** The Basic header for the key this call uses (see basicAuth), or null for anonymous calls. */
  authorization: string | null;
  body?: unknown;
  isSubmit: boolean;
  merchantLabel: string;
  parse: Parse<T>;
  /** Whose budget the call spends (lib/provider/limiter.ts). */
  lane: Lane;
}

const encode = encodeURIComponent;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Basic auth with user `api` (docs/provider-facts.md §1.2); built once per merchant, kept in its closure like the key. */
const basicAuth = (key: string) => `Basic ${Buffer.from(`api:${key}`).toString("base64")}`;

export function createPaymentApi(options: ClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const maxAttempts = options.maxAttempts ?? 3;
  const backoffMs = options.backoffMs ?? 500;

  async function call<T>(spec: CallSpec<T>): Promise<ProviderResult<T>> {
    const context: CallContext = {
      operation: spec.operation,
      merchantLabel: spec.merchantLabel,
      orgId: spec.orgId,
      isSubmit: spec.isSubmit,
      timeoutMs: options.timeoutMs,
      baseUrl,
    };
    const headers: Record<string, string> = { Accept: "application/json" };
    if (spec.authorization !== null) headers.Authorization = spec.authorization;
    if (spec.body !== undefined) headers["Content-Type"] = "application/json";
    const request = {
      method: spec.method,
      url: `${baseUrl}/api/${spec.controller ?? "PaymentRequest"}/org/${encode(spec.orgId)}/action/${spec.operation}${spec.rest}`,
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      timeoutMs: options.timeoutMs,
    };
    let last: ProviderResult<T> | null = null;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (options.limiter) {
        const slot = await options.limiter.acquire({ lane: spec.lane });
        if (!slot.ok) return { ok: false, ...failures.busy(slot.waitedMs + slot.wouldWaitMs) };
      }
      const outcome = await exchange(request, options.fetch);
      last = interpret(outcome, context, spec.parse);
      providerCallStats.record(outcomeOf(last));
      if (last.ok || !shouldRetry(last, spec.isSubmit) || attempt === maxAttempts) return last;
      await sleep(backoffMs * 2 ** (attempt - 1));
    }
    return last as ProviderResult<T>;
  }

  return {
    /**
     * Is the provider up? `/health` is anonymous, but the provider counts it like any call
     * (docs/provider-facts.md §8.1, §8.7), so it goes through the limiter, in a background lane — and
     * waits for nobody: when no slot is free right now the provider is not asked ("busy"), and
     * staff work keeps the budget.
     */
    async health(): Promise<"up" | "down" | "busy"> {
      if (options.limiter && !(await options.limiter.acquire({ lane: "reconcile", maxWaitMs: 0 })).ok) return "busy";
      const outcome = await exchange(
        { method: "GET", url: `${baseUrl}/health`, headers: { Accept: "application/json" }, timeoutMs: Math.min(options.timeoutMs, 2_000) },
        options.fetch,
      );
      return outcome.kind === "response" && outcome.status === 200 ? "up" : "down";
    },

    /** `lane`: whose budget this client's calls spend; staff unless said otherwise. */
    forMerchant(merchant: MerchantCredentials, lane: Lane = "staff") {
      const submitAuthorization = basicAuth(merchant.submitKey);
      const readAuthorization = merchant.readKey === null ? null : basicAuth(merchant.readKey);
      const merchantPath = `/${encode(merchant.merchantId)}`;
      const submit = <T>(operation: string, body: unknown, parse: Parse<T>) =>
        call({
          operation,
          method: "POST",
          rest: merchantPath,
          orgId: merchant.orgId,
          authorization: submitAuthorization,
          body,
          isSubmit: true,
          merchantLabel: merchant.label,
          parse,
          lane,
        });
      const read = <T>(
        operation: string,
        method: "GET" | "POST",
        rest: string,
        body: unknown,
        parse: Parse<T>,
        controller: CallSpec<T>["controller"] = "PaymentRequest",
      ): Promise<ProviderResult<T>> => {
        if (readAuthorization === null) {
          return Promise.resolve({ ok: false, ...failures.noReadKey(merchant.label) });
        }
        return call({
          controller,
          operation,
          method,
          rest,
          orgId: merchant.orgId,
          authorization: readAuthorization,
          body,
          isSubmit: false,
          merchantLabel: merchant.label,
          parse,
          lane,
        });
      };
      return {
        /** How long a call may take before its answer counts as lost (a submit's outcome is then unknown). */
        timeoutMs: options.timeoutMs,
        // Requests come checked by the contract (lib/requests/contract.ts): their types say so, and nothing is checked again here.
        submitPayIn: (input: PayInRequest) => submit("SubmitPayInRequest", payInBody(input), parsePayIn),
        submitPayInP2P: (input: P2PRequest) => submit("SubmitPayInRequestP2P", payInBody(input), parsePayIn),
        submitPayOut: (input: PayOutRequest) => submit("SubmitPayOutRequest", payOutBody(input), payOutPayload),
        // Not in the live v0.2.54 provider (it answers 404, docs/provider-facts.md §4.4).
        submitWithdrawal: (input: PayOutRequest) => submit("SubmitWithdrawalRequest", payOutBody(input), payOutPayload),
        getPaymentRequestById: (id: string) => read("GetPaymentRequestById", "GET", `/${encode(id)}`, undefined, parseRecord),
        getPaymentRequests: (query: ListQuery) => read("GetPaymentRequests", "POST", "", listBody(query), parseRecords),
        /** The safe-retry lookup (§8.6): substring search, exact match kept; newest first. */
        async findByRefId1(refId1: string): Promise<ProviderResult<PaymentRecord[]>> {
          const result = await read(
            "GetPaymentRequests",
            "POST",
            "",
            listBody({ fullTextSearch: refId1, offset: 1, limit: 100 }),
            parseRecords,
          );
          return result.ok ? { ok: true, data: result.data.filter((r) => r.refId1 === refId1) } : result;
        },
        /** The merchant's wallet and its balance, with the read key (OWNER/VIEWER, docs/provider-facts.md §9.2); NOTFOUND is a rejection. */
        getMerchantWallet: () => read("GetMerchantWallet", "GET", "", undefined, parseWallet, "Merchant"),
        /** One page of the wallet's movements, newest first: `offset` 1-based, at most 100 a page; dates on their creation time, inclusive. */
        getMerchantWalletTxs: (walletId: string, query: WalletTxQuery) =>
          read("GetMerchantWalletTxs", "POST", `/${encode(walletId)}`, walletTxBody(query), parseWalletTxs, "Merchant"),
      };
    },

    /** The anonymous slip endpoints: the token authorizes, `orgId` is ignored by the provider (§4.6). The lowest lane: they never queue. */
    slips: {
      verifyPayInToken: (orgId: string, requestId: string, token: string) =>
        call({
          operation: "VerifyPayInToken",
          method: "GET",
          rest: `/${encode(requestId)}/${encode(token)}`,
          orgId,
          authorization: null,
          isSubmit: false,
          merchantLabel: "slip page",
          parse: envelopeOnly,
          lane: "anonymous",
        }),
      checkPayInSlipDup: (orgId: string, requestId: string, first4: string, last4: string) =>
        call({
          operation: "CheckPayInSlipDup",
          method: "GET",
          rest: `/${encode(requestId)}/${encode(first4)}/${encode(last4)}`,
          orgId,
          authorization: null,
          isSubmit: false,
          merchantLabel: "slip page",
          parse: parseDuplicates as Parse<SlipDuplicate[]>,
          lane: "anonymous",
        }),
      uploadPayInSlipById: (
        orgId: string,
        requestId: string,
        token: string,
        slip: { imageBase64: string; first4: string | null; last4: string | null; note: string | null },
      ) =>
        call({
          operation: "UploadPayInSlipById",
          method: "POST",
          rest: `/${encode(requestId)}/${encode(token)}`,
          orgId,
          authorization: null,
          body: { ImageBase64: slip.imageBase64, First4: slip.first4, Last4: slip.last4, Note: slip.note },
          // An upload stores a slip each time it lands; treat it like a submit (no blind retry).
          isSubmit: true,
          merchantLabel: "slip page",
          parse: envelopeOnly,
          lane: "anonymous",
        }),
    },
  };
}

export type PaymentApi = ReturnType<typeof createPaymentApi>;
export type MerchantApi = ReturnType<PaymentApi["forMerchant"]>;
export type { PayInResponse, PayOutResponse, PaymentRecord, ProviderWallet, SlipDuplicate, WalletTx };

export interface WalletTxQuery {
  /** 1-based, as the provider counts. */
  offset?: number;
  limit?: number;
  fromDate?: string;
  toDate?: string;
}

function walletTxBody(query: WalletTxQuery): Record<string, unknown> {
  return {
    offset: Math.max(1, query.offset ?? 1),
    limit: Math.min(100, Math.max(1, query.limit ?? 100)),
    fromDate: query.fromDate ?? null,
    toDate: query.toDate ?? null,
  };
}

function shouldRetry(result: ProviderResult<unknown>, isSubmit: boolean): boolean {
  if (result.ok) return false;
  if (result.kind === "rate_limited") return true;
  if (isSubmit) return false;
  return result.kind === "timeout" || result.kind === "network" || result.kind === "provider_error";
}

function listBody(query: ListQuery): Record<string, unknown> {
  return {
    fullTextSearch: query.fullTextSearch ?? "",
    direction: query.direction ?? "",
    status: query.status ?? "",
    fromDate: query.fromDate ?? null,
    toDate: query.toDate ?? null,
    offset: Math.max(1, query.offset ?? 1),
    limit: Math.min(100, Math.max(1, query.limit ?? 100)),
  };
}
