/**
 * The provider's HTTP interface: `/api/PaymentRequest/org/{orgId}/action/{Action}/...`.
 *
 * Order per call, as in the provider's middleware (docs/provider-facts.md §1.1): rate limit → auth → role →
 * body binding → (faults) → operation → (faults on the answer).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticate } from "./auth";
import { isGuid, newId, type SandboxContext } from "./context";
import { actOnFault, type FaultMatch } from "./faults";
import { HttpError, lowerKeys, parseJsonObject, problem, readBody, sendEmpty, sendHttpError, sendJson } from "./http";
import { findMerchant, submitPayIn, type SubmitResult } from "./submit";
import { submitPayOut } from "./submit-pay-out";
import type { ApiKey, PaymentRequest } from "./types";
import { walletOf, walletTxView, walletView } from "./wallet";
import { entity, payInResponse, payOutEnvelope, slipUploadUrl } from "./views";

// PaymentRequest actions, and the Merchant controller's wallet reads (docs/provider-facts.md §9.2).
const PREFIX_RE = /^\/api\/(PaymentRequest|Merchant)\/org\/([^/]+)\/action\/([^/]+)(?:\/(.*))?$/i;

type Handler = (call: Call) => Promise<void>;
interface Route {
  controller?: "Merchant";
  method: "GET" | "POST";
  params: number;
  anonymous: boolean;
  handler: Handler;
}
interface Call {
  ctx: SandboxContext;
  req: IncomingMessage;
  res: ServerResponse;
  orgId: string;
  action: string;
  params: string[];
  keyMerchantId: string | null;
  key: ApiKey | null;
}

const routes: Record<string, Route> = {
  SubmitPayInRequest: { method: "POST", params: 1, anonymous: false, handler: (c) => submit(c, "payin") },
  SubmitPayInRequestP2P: { method: "POST", params: 1, anonymous: false, handler: (c) => submit(c, "payin_p2p") },
  SubmitPayOutRequest: { method: "POST", params: 1, anonymous: false, handler: (c) => submit(c, "payout") },
  SubmitWithdrawalRequest: { method: "POST", params: 1, anonymous: false, handler: (c) => submit(c, "withdrawal") },
  GetPaymentRequestById: { method: "GET", params: 1, anonymous: false, handler: getById },
  GetPayOutRequestById: { method: "GET", params: 1, anonymous: false, handler: getById },
  GetPaymentRequests: { method: "POST", params: 0, anonymous: false, handler: (c) => list(c, false) },
  GetPaymentRequestCount: { method: "POST", params: 0, anonymous: false, handler: (c) => list(c, true) },
  GeneratePayInSlipUploadToken: { method: "GET", params: 1, anonymous: false, handler: generateToken },
  GetPayInSlipUpload: { method: "GET", params: 1, anonymous: false, handler: getSlips },
  VerifyPayInToken: { method: "GET", params: 2, anonymous: true, handler: verifyToken },
  UploadPayInSlipById: { method: "POST", params: 2, anonymous: true, handler: uploadSlip },
  CheckPayInSlipDup: { method: "GET", params: 3, anonymous: true, handler: checkDup },
  GetMerchantWallet: { controller: "Merchant", method: "GET", params: 0, anonymous: false, handler: getMerchantWallet },
  GetMerchantWalletTxs: { controller: "Merchant", method: "POST", params: 1, anonymous: false, handler: getMerchantWalletTxs },
};
const byLowerName = new Map(
  Object.entries(routes).map(([name, route]) => [
    `${(route.controller ?? "PaymentRequest").toLowerCase()}:${name.toLowerCase()}`,
    { name, route },
  ]),
);

export function isProviderPath(pathname: string): boolean {
  return PREFIX_RE.test(pathname);
}

export async function handleProviderCall(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  const match = PREFIX_RE.exec(pathname);
  const found = match ? byLowerName.get(`${(match[1] ?? "").toLowerCase()}:${(match[3] ?? "").toLowerCase()}`) : undefined;
  // The live v0.2.54 provider has no SubmitWithdrawalRequest at all (§4.4): a plain 404.
  if (!match || !found || (found.name === "SubmitWithdrawalRequest" && ctx.config.profile === "live")) return sendEmpty(res, 404);
  const params = match[4] ? match[4].split("/").map(decodeURIComponent) : [];
  if (params.length !== found.route.params) return sendEmpty(res, 404);
  if (req.method !== found.route.method) return sendEmpty(res, 405, { Allow: found.route.method });
  const orgId = decodeURIComponent(match[2] ?? "");
  let keyMerchantId: string | null = null;
  let key: ApiKey | null = null;
  if (!found.route.anonymous) {
    const merchantParam = found.name.startsWith("Submit") ? (params[0] ?? null) : null;
    key = authenticate(
      req,
      ctx.store,
      ctx.config.profile,
      orgId,
      merchantParam?.toLowerCase() ?? null,
      `${found.route.controller ?? "PaymentRequest"}:${found.name}`,
    );
    keyMerchantId = ctx.config.profile === "spec" ? key.merchantId : null;
  }
  await found.route.handler({ ctx, req, res, orgId, action: found.name, params, keyMerchantId, key });
}

async function readJson(call: Call): Promise<Record<string, unknown>> {
  const { ctx, req } = call;
  const body = await readBody(req, ctx.config.maxBodyBytes, () =>
    ctx.config.profile === "live"
      ? new HttpError(413, "", "empty")
      : new HttpError(413, {
          status: "PAYLOAD_TOO_LARGE",
          description: `The request body is larger than ${ctx.config.maxBodyBytes} bytes.`,
        }),
  );
  return parseJsonObject(body, req.headers["content-type"]);
}

/** Runs a fault registered for this call, if any. Returns true when the fault answered instead of us. */
async function fault(call: Call, when: "before" | "after", facts: FaultMatch): Promise<boolean> {
  const found = call.ctx.faults.take(call.action, when, facts);
  return found ? actOnFault(found, call.req, call.res) : false;
}

async function submit(call: Call, kind: PaymentRequest["kind"]): Promise<void> {
  const { ctx, res, orgId } = call;
  const merchantId = call.params[0] ?? "";
  const body = await readJson(call);
  const refId1 = lowerKeys(body).get("refid1");
  const facts = { merchantId: merchantId.toLowerCase(), refId1: typeof refId1 === "string" ? refId1.trim() : undefined };
  if (await fault(call, "before", facts)) return;

  const merchant = findMerchant(ctx, merchantId);
  const result: SubmitResult =
    "ok" in merchant
      ? merchant
      : kind === "payin" || kind === "payin_p2p"
        ? submitPayIn(ctx, orgId, merchant, body, kind === "payin_p2p")
        : submitPayOut(ctx, orgId, merchant, body, kind === "withdrawal");

  if (await fault(call, "after", { ...facts, requestId: result.ok ? result.request.id : undefined })) return;
  if (result.ok) {
    const envelope =
      kind === "payout" || kind === "withdrawal"
        ? payOutEnvelope(ctx, result.request)
        : { status: "OK", description: "Success", paymentResponse: payInResponse(ctx, result.request) };
    return sendJson(res, 200, envelope);
  }
  if (result.crash) return sendEmpty(res, 500);
  // v0.2.54 blanks paymentResponse.qrCodeImage on every pay-in answer, so a service error (null
  // paymentResponse) crashes the controller into an empty 500 (§3.1). Controller checks still answer JSON.
  if (ctx.config.profile === "live" && (kind === "payin" || kind === "payin_p2p") && !result.controller) return sendEmpty(res, 500);
  // A live pay-out error is an MVPaymentRequest too: both payload properties, serialized as null (§4.0, §4.3).
  const payload =
    (kind === "payout" || kind === "withdrawal") && ctx.config.profile === "live"
      ? { paymentRequest: null, payoutTransaction: null }
      : { paymentResponse: null };
  sendJson(res, 200, { status: result.code, description: result.description, ...(result.extra ?? payload) });
}

/** Finds a request the caller may see: `ERROR_DATA_NOT_OWN_BY_ORG_ID` across orgs (§3.4). */
function lookup(call: Call, id: string): PaymentRequest | { status: string; description: string } {
  if (!isGuid(id)) return { status: "UUID_INVALID", description: `Payment request ID [${id}] is not in GUID format` };
  const request = call.ctx.store.get("requests", id.toLowerCase());
  // Spec keys belong to one merchant, so another merchant's request does not exist for them.
  if (!request || (call.keyMerchantId !== null && request.merchantId !== call.keyMerchantId)) {
    return { status: "NOTFOUND", description: `Payment request ID [${id}] not found` };
  }
  if (request.orgId !== call.orgId)
    return { status: "ERROR_DATA_NOT_OWN_BY_ORG_ID", description: `Payment request ID [${id}] does not belong to org [${call.orgId}]` };
  return request;
}

async function getById(call: Call): Promise<void> {
  const id = call.params[0] ?? "";
  if (await fault(call, "before", { requestId: id.toLowerCase() })) return;
  const found = lookup(call, id);
  if (!("kind" in found)) return sendJson(call.res, 200, { ...found, paymentRequest: null, payoutTransaction: null });
  const request = found;
  if (await fault(call, "after", { requestId: request.id, merchantId: request.merchantId, refId1: request.refId1 })) return;
  sendJson(call.res, 200, {
    status: "OK",
    description: "Success",
    paymentRequest: entity(call.ctx, request, { full: true }),
    payoutTransaction: null,
  });
}

async function list(call: Call, countOnly: boolean): Promise<void> {
  const { ctx, res, orgId } = call;
  const raw = lowerKeys(await readJson(call));
  if (await fault(call, "before", {})) return;
  const text = (name: string) => {
    const v = raw.get(name);
    return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
  };
  const number = (name: string, fallback: number) => {
    const v = raw.get(name);
    if (v === undefined || v === null || v === "") return fallback;
    const n = Number(v);
    if (!Number.isInteger(n))
      throw problem(400, "One or more validation errors occurred.", {
        [`$.${name}`]: [`The JSON value could not be converted to System.Int32.`],
      });
    return n;
  };
  const search = text("fulltextsearch")?.toLowerCase() ?? null;
  const direction = text("direction");
  const status = text("status");
  const from = text("fromdate");
  const to = text("todate");
  const fromMs = from ? Date.parse(from) : null;
  const toMs = to ? Date.parse(to) : null;
  if ((from && Number.isNaN(fromMs)) || (to && Number.isNaN(toMs))) {
    throw problem(400, "One or more validation errors occurred.", {
      [from && Number.isNaN(fromMs) ? "$.fromDate" : "$.toDate"]: ["The JSON value could not be converted to System.DateTime."],
    });
  }
  const matches = ctx.store.all("requests").filter((r) => {
    if (r.orgId !== orgId) return false;
    if (call.keyMerchantId !== null && r.merchantId !== call.keyMerchantId) return false;
    if (direction && r.direction.toLowerCase() !== direction.toLowerCase()) return false;
    if (status && r.status.toLowerCase() !== status.toLowerCase()) return false;
    if (fromMs !== null && r.createdAt < fromMs) return false;
    if (toMs !== null && r.createdAt > toMs) return false;
    if (search) {
      // Substring over the same fields as the provider's predicate (§4.5); no exact RefId1 filter.
      const merchant = ctx.store.get("merchants", r.merchantId);
      const hay = [
        merchant?.code,
        merchant?.name,
        r.tags,
        r.refId1,
        r.refId2,
        r.refId3,
        r.description,
        r.generatedSatang === null ? null : (r.generatedSatang / 100).toFixed(2),
        r.payinBankAccountNo,
        r.payinBankAccountName,
      ];
      if (!hay.some((h) => h?.toLowerCase().includes(search))) return false;
    }
    return true;
  });
  // offset is 1-based: the provider skips offset-1 rows (§4.5); limit is capped at 100.
  // Parsed before the count answers: both endpoints bind the same body, so a bad one is a 400 for both.
  const offset = Math.max(number("offset", 1), 1);
  const limit = Math.min(Math.max(number("limit", 100), 1), 100);
  if (countOnly) return sendJson(res, 200, matches.length);
  const page = matches
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)) // a stable order for paging
    .slice(offset - 1, offset - 1 + limit)
    .map((r) => entity(ctx, r, { full: false }));
  if (await fault(call, "after", {})) return;
  sendJson(res, 200, page);
}

async function generateToken(call: Call): Promise<void> {
  const found = lookup(call, call.params[0] ?? "");
  if (!("kind" in found)) return sendJson(call.res, 200, { ...found, slipUploadUrl: null });
  const token = newId();
  call.ctx.store.put("slipTokens", { token, requestId: found.id, expiresAt: Date.now() + 24 * 60 * 60 * 1000 });
  sendJson(call.res, 200, { status: "OK", description: "Success", slipUploadUrl: slipUploadUrl({ ...found, slipToken: token }) });
}

async function getSlips(call: Call): Promise<void> {
  const found = lookup(call, call.params[0] ?? "");
  if (!("kind" in found)) return sendJson(call.res, 200, { ...found, slips: null, slipUploadUrl: null });
  const slips = call.ctx.store
    .all("slips")
    .filter((s) => s.requestId === found.id)
    .sort((a, b) => b.uploadedAt - a.uploadedAt)
    .map((s) => ({
      imageBase64: s.imageBase64,
      uploadedAt: new Date(s.uploadedAt).toISOString(),
      first4: s.first4,
      last4: s.last4,
      note: s.note,
    }));
  sendJson(call.res, 200, { status: "OK", description: "Success", slips, slipUploadUrl: null });
}

/** Anonymous slip endpoints ignore {orgId}; the token alone authorizes (§4.6, §8.7). */
function checkToken(call: Call, id: string, token: string): PaymentRequest | { status: string; description: string } {
  if (!isGuid(id)) return { status: "UUID_INVALID", description: `Payment request ID [${id}] is not in GUID format` };
  const request = call.ctx.store.get("requests", id.toLowerCase());
  if (!request) return { status: "NOTFOUND", description: `Payment request ID [${id}] not found` };
  const record = call.ctx.store.get("slipTokens", token);
  if (!record || record.requestId !== request.id || record.expiresAt < Date.now())
    return { status: "TOKEN_INVALID", description: "Token is invalid or expired" };
  return request;
}

async function verifyToken(call: Call): Promise<void> {
  const [id = "", token = ""] = call.params;
  if (await fault(call, "before", { requestId: id.toLowerCase() })) return;
  const found = checkToken(call, id, token);
  if (!("kind" in found)) return sendJson(call.res, 200, { ...found, slipUploadUrl: null });
  sendJson(call.res, 200, { status: "OK", description: "Token is valid", slipUploadUrl: null });
}

async function uploadSlip(call: Call): Promise<void> {
  const { ctx, res } = call;
  const [id = "", token = ""] = call.params;
  const body = lowerKeys(await readJson(call));
  if (await fault(call, "before", { requestId: id.toLowerCase() })) return;
  const field = (name: string) => {
    const v = body.get(name.toLowerCase());
    if (v === undefined || v === null) return null;
    if (typeof v !== "string")
      throw problem(400, "One or more validation errors occurred.", {
        [`$.${name}`]: ["The JSON value could not be converted to System.String."],
      });
    const trimmed = v.trim();
    return trimmed === "" ? null : trimmed;
  };
  const image = field("ImageBase64");
  const first4 = field("First4")?.toUpperCase() ?? null;
  const last4 = field("Last4")?.toUpperCase() ?? null;
  const note = field("Note");
  // The body is bound (400 on a wrong type) before the action checks the token, as ASP.NET does (§3).
  const found = checkToken(call, id, token);
  if (!("kind" in found)) return sendJson(res, 200, { ...found, slipUploadUrl: null });
  // The live provider stores whatever arrives (§4.6); the spec profile at least insists on a picture.
  if (ctx.config.profile === "spec" && (image === null || !isImageBase64(image))) {
    return sendJson(res, 200, {
      status: "IMAGE_INVALID",
      description: "ImageBase64 must be a JPG, PNG or WebP image in base64",
      slipUploadUrl: null,
    });
  }
  ctx.store.put("slips", { id: newId(), requestId: found.id, imageBase64: image, first4, last4, note, uploadedAt: Date.now() });
  if (first4 && last4) {
    // Duplicates are recorded, never blocked (§4.6).
    ctx.store.put("duplicates", {
      id: newId(),
      dupType: "PayinSlipId",
      first4,
      last4,
      orgId: found.orgId,
      documentId: found.id,
      createdAt: Date.now(),
    });
  }
  if (await fault(call, "after", { requestId: found.id })) return;
  sendJson(res, 200, { status: "OK", description: "Slip uploaded successfully", slipUploadUrl: null });
}

async function checkDup(call: Call): Promise<void> {
  const [id = "", first4 = "", last4 = ""] = call.params;
  if (await fault(call, "before", { requestId: id.toLowerCase() })) return;
  const f4 = first4.toUpperCase();
  const l4 = last4.toUpperCase();
  // Global across orgs, excluding the asking request's own rows (§4.6).
  const duplicates = call.ctx.store
    .all("duplicates")
    .filter((d) => d.first4 === f4 && d.last4 === l4 && d.documentId !== id.toLowerCase())
    .map((d) => ({
      id: d.id,
      dupType: d.dupType,
      first4: d.first4,
      last4: d.last4,
      orgId: d.orgId,
      documentId: d.documentId,
      createdAt: new Date(d.createdAt).toISOString(),
    }));
  sendJson(call.res, 200, { status: "OK", description: "Success", duplicates });
}

function isImageBase64(value: string): boolean {
  const base64 = value.replace(/^data:[^,]*,/, "");
  if (!/^[A-Za-z0-9+/]+=*$/.test(base64.slice(0, 4096)) || base64.length < 16) return false;
  const head = Buffer.from(base64.slice(0, 24), "base64");
  const jpg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const webp = head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP";
  return jpg || png || webp;
}

export function answerError(res: ServerResponse, error: unknown, log: (m: string) => void): void {
  if (res.headersSent || res.destroyed) return;
  if (error instanceof HttpError) return sendHttpError(res, error);
  log(`unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  sendEmpty(res, 500);
}

/**
 * "My merchant": the provider takes the first merchant of the org (one merchant per org there,
 * §9.2). The sandbox's demo org holds two, so a key bound to a merchant reads that merchant's wallet.
 */
function myMerchantId(call: Call): string | null {
  if (call.key?.merchantId) return call.key.merchantId;
  return call.ctx.store.all("merchants").find((m) => m.orgId === call.orgId)?.id ?? null;
}

async function getMerchantWallet(call: Call): Promise<void> {
  const merchantId = myMerchantId(call);
  if (merchantId === null) return sendJson(call.res, 200, { status: "Error", description: "Merchant not found" });
  const wallet = walletOf(call.ctx.store, merchantId);
  if (!wallet) {
    return sendJson(call.res, 200, {
      status: "NOTFOUND",
      description: `Wallet not found for merchant ID [${merchantId}], organization [${call.orgId}]`,
      wallet: null,
    });
  }
  sendJson(call.res, 200, { status: "OK", description: "Success", wallet: walletView(call.ctx, wallet) });
}

/**
 * A bare array of the wallet's transactions, newest first; offset 1-based, limit ≤ 100 (≤ 0 → 100),
 * fromDate/toDate on the creation time. The provider filters by org and wallet id only (§9.2);
 * the spec profile also hides another merchant's wallet from a merchant-bound key.
 */
async function getMerchantWalletTxs(call: Call): Promise<void> {
  const { ctx, res } = call;
  const walletId = (call.params[0] ?? "").toLowerCase();
  const raw = lowerKeys(await readJson(call));
  const int = (name: string, fallback: number) => {
    const v = raw.get(name);
    if (v === undefined || v === null || v === "") return fallback;
    const n = Number(v);
    if (!Number.isInteger(n))
      throw problem(400, "One or more validation errors occurred.", {
        [`$.${name}`]: ["The JSON value could not be converted to System.Int32."],
      });
    return n;
  };
  const date = (name: string) => {
    const v = raw.get(name);
    if (v === undefined || v === null || v === "") return null;
    const ms = typeof v === "string" ? Date.parse(v) : Number.NaN;
    if (Number.isNaN(ms))
      throw problem(400, "One or more validation errors occurred.", {
        [`$.${name}`]: ["The JSON value could not be converted to System.DateTime."],
      });
    return ms;
  };
  const offset = Math.max(int("offset", 0), 1);
  const asked = int("limit", 100);
  const limit = asked <= 0 ? 100 : Math.min(asked, 100);
  const fromMs = date("fromdate");
  const toMs = date("todate");
  const wallet = ctx.store.get("wallets", walletId);
  const visible =
    wallet !== undefined && wallet.orgId === call.orgId && (call.keyMerchantId === null || wallet.merchantId === call.keyMerchantId);
  const page = visible
    ? ctx.store
        .all("walletTxs")
        .filter((t) => t.walletId === walletId && (fromMs === null || t.createdAt >= fromMs) && (toMs === null || t.createdAt <= toMs))
        .reverse() // journal order is creation order; newest first
        .slice(offset - 1, offset - 1 + limit)
        .map((t) => walletTxView(ctx, t))
    : [];
  sendJson(res, 200, page);
}
