/**
 * The control API for QA, under /sandbox/… (never under the provider's paths): make payments
 * happen, end requests, configure merchants and keys, read the webhook log, inject faults.
 * Bad input gets a 4xx with a sentence, `{ "error": "…" }`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { amountProblemText, parseAmount, toDecimalString } from "../lib/money";
import { isGuid, newId, type SandboxContext } from "./context";
import { FAULT_KINDS, FAULT_OPERATIONS } from "./faults";
import { HttpError, readBody, sendJson } from "./http";
import { approve, bankTransfer, expire, getRequestOrThrow, LifecycleError, payIn, payOut, reject, sweepExpired } from "./lifecycle";
import { addMerchant, credentials } from "./seed";
import { ROLE_PATTERNS } from "./auth";
import type { ChangeResult } from "./lifecycle";
import { entity, slipUploadUrl } from "./views";
import { renderPayPage } from "./pay-page";
import { adjust, armWalletFault, WALLET_FAULTS, walletOrCreate, walletTxView, walletView } from "./wallet";
import type { WalletTx } from "./types";

const amountField = z.union([z.string(), z.number()]).transform((value, check) => {
  const parsed = parseAmount(value);
  if (!parsed.ok || parsed.satang <= 0) {
    check.addIssue({ code: "custom", message: parsed.ok ? "The amount must be more than 0." : amountProblemText(parsed.problem, value) });
    return z.NEVER;
  }
  return parsed.satang;
});

/** A signed amount in baht, not 0: a manual adjustment credits (+) or debits (−). */
const signedAmountField = z.union([z.string(), z.number()]).transform((value, check) => {
  const text = String(value).trim();
  const negative = text.startsWith("-");
  const parsed = parseAmount(negative ? text.slice(1) : text);
  if (!parsed.ok || parsed.satang === 0) {
    check.addIssue({ code: "custom", message: parsed.ok ? "The amount must not be 0." : amountProblemText(parsed.problem, value) });
    return z.NEVER;
  }
  return negative ? -parsed.satang : parsed.satang;
});
const balanceField = z.union([z.string(), z.number()]).transform((value, check) => {
  const parsed = parseAmount(value);
  if (!parsed.ok || parsed.satang < 0) {
    check.addIssue({ code: "custom", message: parsed.ok ? "A balance cannot be negative." : amountProblemText(parsed.problem, value) });
    return z.NEVER;
  }
  return parsed.satang;
});
const percentField = z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'A percentage like "1.5" (at most 2 decimals, below 100).');

const schemas = {
  pay: z.strictObject({ amount: amountField.optional() }),
  payout: z.strictObject({ amount: amountField.optional() }),
  reject: z.strictObject({ statusCode: z.string().max(64).nullable().optional(), reason: z.string().max(500).nullable().optional() }),
  transfer: z.strictObject({ accountId: z.string(), amount: amountField }),
  slipToken: z.strictObject({
    ttlSeconds: z
      .number()
      .int()
      .min(-86_400)
      .max(30 * 86_400)
      .optional(),
  }),
  backdate: z.strictObject({ seconds: z.number().int().min(1).max(86_400) }),
  webhook: z.strictObject({
    url: z.url({ protocol: /^https?$/ }),
    headers: z.record(z.string().regex(/^[A-Za-z0-9-]+$/, "Header names are letters, digits and dashes."), z.string()).optional(),
    isActive: z.boolean().optional(),
  }),
  merchant: z.strictObject({
    payinMinAmount: amountField.nullable().optional(),
    payinMaxAmount: amountField.nullable().optional(),
    payinExpireMinutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .nullable()
      .optional(),
    discardCent: z.boolean().optional(),
    payInFeePct: percentField.optional(),
    payoutFeePct: percentField.optional(),
  }),
  walletSeed: z.strictObject({ balance: balanceField }),
  walletFault: z.strictObject({ kind: z.enum(WALLET_FAULTS) }),
  newMerchant: z.strictObject({
    name: z.string().trim().min(1).max(100),
    code: z
      .string()
      .regex(/^[A-Z0-9]{2,20}$/, "A code of 2 to 20 capital letters or digits.")
      .optional(),
    balance: balanceField.optional(),
  }),
  walletAdjust: z.strictObject({
    amount: signedAmountField,
    description: z.string().trim().min(1).max(500),
    tags: z.string().max(500).nullable().optional(),
  }),
  newKey: z.strictObject({
    merchantId: z.string(),
    roles: z.array(z.enum(Object.keys(ROLE_PATTERNS) as [string, ...string[]])).min(1),
    status: z.enum(["Active", "Disabled"]).optional(),
    expiresAt: z.iso.datetime().optional(),
    label: z.string().max(100).optional(),
  }),
  keyPatch: z.strictObject({ status: z.enum(["Active", "Disabled"]) }),
  fault: z.strictObject({
    operation: z.enum(FAULT_OPERATIONS),
    kind: z.enum(FAULT_KINDS),
    count: z.number().int().min(1).max(10_000).default(1),
    delayMs: z.number().int().min(0).max(600_000).optional(),
    when: z.enum(["before", "after"]).default("before"),
    match: z
      .strictObject({ merchantId: z.string().optional(), refId1: z.string().optional(), requestId: z.string().optional() })
      .default({}),
  }),
};

const fail = (status: number, error: string) => new HttpError(status, { error });

async function body<T extends z.ZodType>(ctx: SandboxContext, req: IncomingMessage, schema: T): Promise<z.output<T>> {
  const raw = await readBody(req, 1024 * 1024, () => fail(413, "The control API takes bodies of at most 1 MiB."));
  let value: unknown = {};
  if (raw.length > 0) {
    try {
      value = JSON.parse(raw.toString("utf8"));
    } catch {
      throw fail(400, "The body is not valid JSON.");
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fail(400, z.prettifyError(parsed.error).replace(/\n/g, " "));
  void ctx;
  return parsed.data;
}

function changed(ctx: SandboxContext, result: ChangeResult) {
  return {
    request: entity(ctx, result.request, { full: false }),
    webhookDeliveryIds: result.webhooks,
    hubDeliveries: result.hubDeliveries,
  };
}

function walletTxControlView(ctx: SandboxContext, tx: WalletTx) {
  return {
    ...walletTxView(ctx, tx),
    direction: tx.txType === 1 ? "credit" : "debit",
    amount: toDecimalString(tx.amountSatang),
    fee: toDecimalString(tx.feeSatang),
    balanceAfter: toDecimalString(tx.currentSatang),
    cause: tx.cause,
    requestId: tx.requestId,
  };
}

function walletControlView(ctx: SandboxContext, merchantId: string, limit: number) {
  const wallet = walletOrCreate(ctx.store, merchantId);
  const transactions = ctx.store
    .all("walletTxs")
    .filter((t) => t.walletId === wallet.id)
    .slice(-limit)
    .reverse();
  return {
    merchantId,
    balance: toDecimalString(wallet.balanceSatang),
    wallet: walletView(ctx, wallet),
    transactions: transactions.map((t) => walletTxControlView(ctx, t)),
  };
}

function merchantOrThrow(ctx: SandboxContext, id: string) {
  const merchant = isGuid(id) ? ctx.store.get("merchants", id.toLowerCase()) : undefined;
  if (!merchant) throw fail(404, `No merchant has id ${id}.`);
  return merchant;
}

export async function handleControl(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const parts = url.pathname.split("/").filter(Boolean).slice(1).map(decodeURIComponent); // drop "sandbox"
  const method = req.method ?? "GET";
  // The second segment is an id except under /webhooks (deliveries, settle).
  const route = `${method} /${parts.map((p, i) => (i === 1 && parts[0] !== "webhooks" ? ":id" : p)).join("/")}`;
  const id = parts[1] ?? "";
  const q = (name: string) => url.searchParams.get(name) ?? undefined;
  try {
    switch (route) {
      case "GET /info":
        return sendJson(res, 200, {
          sandbox: true,
          profile: ctx.config.profile,
          rateLimit: ctx.config.rateLimit,
          merchants: ctx.store.all("merchants").map((m) => ({ merchantId: m.id, orgId: m.orgId, name: m.name, code: m.code })),
          requests: ctx.store.count("requests"),
          hubConnections: ctx.hub.connectionCount(),
        });
      case "GET /credentials":
        return sendJson(res, 200, credentials(ctx.store, ctx.config, ctx.baseUrl()));
      case "GET /requests": {
        const limit = Math.min(Number(q("limit") ?? 100) || 100, 1_000);
        const list = ctx.store
          .all("requests")
          .filter((r) => (!q("merchantId") || r.merchantId === q("merchantId")) && (!q("refId1") || r.refId1 === q("refId1")))
          .sort((a, b) => b.createdAt - a.createdAt)
          .slice(0, limit);
        return sendJson(
          res,
          200,
          list.map((r) => ({ ...entity(ctx, r, { full: false }), slipUploadUrl: slipUploadUrl(r) })),
        );
      }
      case "GET /requests/:id": {
        const request = getRequestOrThrow(ctx, id);
        return sendJson(res, 200, { ...entity(ctx, request, { full: true }), slipUploadUrl: slipUploadUrl(request), kind: request.kind });
      }
      case "POST /requests/:id/pay": {
        const { amount } = await body(ctx, req, schemas.pay);
        const { matched, unidentifiedId } = payIn(ctx, getRequestOrThrow(ctx, id), amount ?? null);
        return sendJson(
          res,
          200,
          matched
            ? { matched: true, ...changed(ctx, matched) }
            : { matched: false, unidentifiedId, request: entity(ctx, getRequestOrThrow(ctx, id), { full: false }) },
        );
      }
      case "POST /requests/:id/approve":
        await body(ctx, req, z.strictObject({}));
        return sendJson(res, 200, changed(ctx, approve(ctx, getRequestOrThrow(ctx, id))));
      case "POST /requests/:id/reject": {
        const input = await body(ctx, req, schemas.reject);
        return sendJson(res, 200, changed(ctx, reject(ctx, getRequestOrThrow(ctx, id), input.statusCode ?? null, input.reason ?? null)));
      }
      case "POST /requests/:id/expire":
        await body(ctx, req, z.strictObject({}));
        return sendJson(res, 200, changed(ctx, expire(ctx, getRequestOrThrow(ctx, id))));
      case "POST /requests/:id/payout": {
        const { amount } = await body(ctx, req, schemas.payout);
        return sendJson(res, 200, changed(ctx, payOut(ctx, getRequestOrThrow(ctx, id), amount ?? null)));
      }
      case "POST /requests/:id/backdate": {
        // Made `seconds` earlier than it was (its expiry moves with it): how a test has a request
        // the provider has held for a while without waiting for the clock.
        const { seconds } = await body(ctx, req, schemas.backdate);
        const request = getRequestOrThrow(ctx, id);
        const earlier = ctx.store.put("requests", {
          ...request,
          createdAt: request.createdAt - seconds * 1000,
          expireAt: request.expireAt === null ? null : request.expireAt - seconds * 1000,
        });
        return sendJson(res, 200, entity(ctx, earlier, { full: true }));
      }
      case "POST /requests/:id/slip-token": {
        const { ttlSeconds } = await body(ctx, req, schemas.slipToken);
        const request = getRequestOrThrow(ctx, id);
        const token = newId();
        ctx.store.put("slipTokens", { token, requestId: request.id, expiresAt: Date.now() + (ttlSeconds ?? 86_400) * 1000 });
        return sendJson(res, 200, { slipUploadUrl: slipUploadUrl({ ...request, slipToken: token }), token });
      }
      case "POST /bank-transfers": {
        const input = await body(ctx, req, schemas.transfer);
        const account = ctx.store.get("accounts", input.accountId.toLowerCase());
        if (!account || account.category !== "PayIn") throw fail(404, `No receiving account has id ${input.accountId}.`);
        const { matched, unidentifiedId } = bankTransfer(ctx, account.id, input.amount);
        return sendJson(res, 200, matched ? { matched: true, ...changed(ctx, matched) } : { matched: false, unidentifiedId });
      }
      case "GET /unidentified":
        return sendJson(res, 200, ctx.store.all("unidentified").slice(-500).reverse());
      case "GET /accounts":
        return sendJson(
          res,
          200,
          ctx.store.all("accounts").filter((a) => !q("merchantId") || a.merchantId === q("merchantId")),
        );
      case "GET /slips":
        return sendJson(
          res,
          200,
          ctx.store
            .all("slips")
            .filter((s) => !q("requestId") || s.requestId === q("requestId"))
            .map((s) => ({ ...s, imageBase64: s.imageBase64 ? `${s.imageBase64.length} base64 characters` : null })),
        );
      case "PUT /merchants/:id/webhook": {
        const merchant = merchantOrThrow(ctx, id);
        const input = await body(ctx, req, schemas.webhook);
        const updated = ctx.store.put("merchants", {
          ...merchant,
          webhook: { url: input.url, headers: input.headers ?? {}, isActive: input.isActive ?? true },
        });
        return sendJson(res, 200, {
          merchantId: updated.id,
          webhook: { url: input.url, headerNames: Object.keys(input.headers ?? {}), isActive: input.isActive ?? true },
        });
      }
      case "DELETE /merchants/:id/webhook": {
        const merchant = merchantOrThrow(ctx, id);
        ctx.store.put("merchants", { ...merchant, webhook: null });
        return sendJson(res, 200, { merchantId: merchant.id, webhook: null });
      }
      case "PATCH /merchants/:id": {
        const merchant = merchantOrThrow(ctx, id);
        const input = await body(ctx, req, schemas.merchant);
        const next = {
          ...merchant,
          ...(input.payinMinAmount !== undefined ? { payinMinSatang: input.payinMinAmount } : {}),
          ...(input.payinMaxAmount !== undefined ? { payinMaxSatang: input.payinMaxAmount } : {}),
          ...(input.payinExpireMinutes !== undefined ? { payinExpireMinutes: input.payinExpireMinutes } : {}),
          ...(input.discardCent !== undefined ? { discardCent: input.discardCent } : {}),
          ...(input.payInFeePct !== undefined ? { payInFeePct: input.payInFeePct } : {}),
          ...(input.payoutFeePct !== undefined ? { payoutFeePct: input.payoutFeePct } : {}),
        };
        if (next.payinMinSatang !== null && next.payinMaxSatang !== null && next.payinMinSatang > next.payinMaxSatang)
          throw fail(400, "payinMinAmount cannot be more than payinMaxAmount.");
        ctx.store.put("merchants", next);
        return sendJson(res, 200, {
          merchantId: next.id,
          payinMinSatang: next.payinMinSatang,
          payinMaxSatang: next.payinMaxSatang,
          payinExpireMinutes: next.payinExpireMinutes,
          discardCent: next.discardCent ?? false,
          payInFeePct: next.payInFeePct,
          payoutFeePct: next.payoutFeePct,
        });
      }
      case "GET /merchants/:id/wallet": {
        const merchant = merchantOrThrow(ctx, id);
        const limit = Math.min(Number(q("limit") ?? 100) || 100, 5_000);
        return sendJson(res, 200, walletControlView(ctx, merchant.id, limit));
      }
      case "PUT /merchants/:id/wallet": {
        // Seed a balance: recorded as one `seed` movement of the difference, so the history still adds up.
        const merchant = merchantOrThrow(ctx, id);
        const { balance } = await body(ctx, req, schemas.walletSeed);
        const difference = balance - walletOrCreate(ctx.store, merchant.id).balanceSatang;
        if (difference !== 0) adjust(ctx, merchant.id, difference, "Balance set by the sandbox control API", "Sandbox=[Seed]", "seed");
        return sendJson(res, 200, walletControlView(ctx, merchant.id, 20));
      }
      case "POST /merchants/:id/wallet/adjustments": {
        // A movement PayDesk did not cause: the provider's admin adding or deducting by hand.
        const merchant = merchantOrThrow(ctx, id);
        const input = await body(ctx, req, schemas.walletAdjust);
        const result = adjust(ctx, merchant.id, input.amount, input.description, input.tags ?? null);
        if ("refused" in result) throw new HttpError(409, { error: result.refused, status: "INVALID_BALANCE_LESS_THAN_ZERO_DECIMAL" });
        return sendJson(res, 201, { transaction: walletTxControlView(ctx, result), balance: toDecimalString(result.currentSatang) });
      }
      case "POST /merchants": {
        // The provider's admin creates a merchant: its keys, and a wallet with the balance asked for (0 unless said).
        const input = await body(ctx, req, schemas.newMerchant);
        const made = addMerchant(ctx.store, { name: input.name, code: input.code ?? `M${newId().slice(0, 8).toUpperCase()}` });
        const wallet = walletOrCreate(ctx.store, made.merchant.id);
        if (input.balance) adjust(ctx, made.merchant.id, input.balance, "Balance set by the sandbox control API", "Sandbox=[Seed]", "seed");
        return sendJson(res, 201, {
          merchantId: made.merchant.id,
          orgId: made.merchant.orgId,
          code: made.merchant.code,
          name: made.merchant.name,
          submitKey: made.submitKey,
          readKey: made.readKey,
          walletId: wallet.id,
          balance: toDecimalString(walletOrCreate(ctx.store, made.merchant.id).balanceSatang),
        });
      }
      case "POST /merchants/:id/wallet/faults": {
        // A discrepancy for PayDesk's reconciliation to find, on this merchant's next movement of the kind.
        const merchant = merchantOrThrow(ctx, id);
        const { kind } = await body(ctx, req, schemas.walletFault);
        armWalletFault(ctx.store, merchant.id, kind);
        return sendJson(res, 201, { merchantId: merchant.id, armed: kind });
      }
      case "POST /keys": {
        const input = await body(ctx, req, schemas.newKey);
        const merchant = merchantOrThrow(ctx, input.merchantId);
        const key = ctx.store.put("keys", {
          key: newId(),
          orgId: merchant.orgId,
          merchantId: merchant.id,
          roles: input.roles,
          status: input.status ?? "Active",
          expiresAt: input.expiresAt ? Date.parse(input.expiresAt) : null,
          label: input.label ?? `test ${input.roles.join(",")}`,
        });
        return sendJson(res, 201, key);
      }
      case "PATCH /keys/:id": {
        const key = ctx.store.get("keys", id);
        if (!key) throw fail(404, "No such API key.");
        const input = await body(ctx, req, schemas.keyPatch);
        return sendJson(res, 200, { ...ctx.store.put("keys", { ...key, status: input.status }), key: `…${key.key.slice(-4)}` });
      }
      case "GET /webhooks/deliveries": {
        const limit = Math.min(Number(q("limit") ?? 200) || 200, 5_000);
        const list = ctx.store
          .all("deliveries")
          .filter(
            (d) =>
              (!q("merchantId") || d.merchantId === q("merchantId")) &&
              (!q("requestId") || d.requestId === q("requestId")) &&
              (!q("event") || d.event === q("event")),
          )
          .slice(-limit)
          .reverse();
        return sendJson(res, 200, list);
      }
      case "POST /webhooks/settle":
        await ctx.webhooks.settle();
        return sendJson(res, 200, { settled: true });
      case "POST /expire-due":
        return sendJson(res, 200, { expired: sweepExpired(ctx) });
      case "POST /hub/:id": {
        // POST /sandbox/hub/drop: cut every hub WebSocket without a close message, as a network loss would.
        if (id !== "drop") throw fail(404, `No such hub action: ${id}.`);
        const dropped = ctx.hub.connectionCount();
        ctx.hub.dropAll();
        return sendJson(res, 200, { dropped });
      }
      case "GET /faults":
        return sendJson(res, 200, ctx.faults.list());
      case "POST /faults": {
        const input = await body(ctx, req, schemas.fault);
        if (input.kind === "drop" && input.operation !== "webhook") throw fail(400, 'kind "drop" applies only to operation "webhook".');
        if (input.operation === "webhook" && input.kind !== "drop" && input.kind !== "delay")
          throw fail(400, 'Webhook deliveries take only the kinds "drop" and "delay".');
        const match = {
          ...(input.match.merchantId ? { merchantId: input.match.merchantId.toLowerCase() } : {}),
          ...(input.match.refId1 ? { refId1: input.match.refId1 } : {}),
          ...(input.match.requestId ? { requestId: input.match.requestId.toLowerCase() } : {}),
        };
        const delayMs = input.delayMs ?? (input.kind === "timeout" ? 120_000 : 1_000);
        return sendJson(
          res,
          201,
          ctx.faults.add({ operation: input.operation, kind: input.kind, remaining: input.count, delayMs, when: input.when, match }),
        );
      }
      case "DELETE /faults":
        return sendJson(res, 200, { cleared: ctx.faults.clear() });
      case "DELETE /faults/:id":
        return sendJson(res, 200, { cleared: ctx.faults.clear(id) });
      case "GET /pay/:id": {
        const html = renderPayPage(ctx, getRequestOrThrow(ctx, id));
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
        return void res.end(html);
      }
      default:
        throw fail(404, `The control API has no ${method} ${url.pathname}. See sandbox/README.md.`);
    }
  } catch (error) {
    if (error instanceof LifecycleError)
      throw new HttpError(error.status, { error: error.message, ...(error.code ? { status: error.code } : {}) });
    throw error;
  }
}
