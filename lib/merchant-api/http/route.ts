import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { verifyApiKey, type ApiKeyPrincipal, type KeyCheck } from "../keys/verify";
import { apiAuditAction } from "../../audit/actions";
import { recordAudit } from "../../auth/audit";
import { getDb } from "../../db";
import type { Db } from "../../db/client";
import { env } from "../../env";
import { markDoor, newRequestId, REQUEST_ID_HEADER, type RouteSegment } from "../../http/door";
import { clientIpFrom } from "../../http/request-ip";
import type { Endpoint } from "../endpoints";
import { parseJsonBody, readJsonBytes, readQuery } from "./body";
import { ApiError, apiErrorResponse, internalError, jsonResponse } from "./errors";
import { checkApiRateLimit } from "./rate";
import { checkIdempotencyKey, fingerprintOf, refusalOf, withIdempotency, type StoredAnswer } from "./idempotency";
import { log } from "../../ops/log";

/**
 * THE door for the merchant API's routes (app/api/v1/…), beside the staff door (lib/auth/route.ts)
 * and the public one; lib/auth/routes-registry.db.test.ts fails on a route under /api/v1 not built here.
 *
 *   API key (401) → scope (403) → rate limit per key (429) → body: JSON (415), ≤ 64 KB (413), the
 *   endpoint's strict schema (400 naming the field) → Idempotency-Key (POST: replay, 409, 422; only
 *   answers of a request that ran are kept, lib/merchant-api/http/idempotency.ts) →
 *   run → audit entry for every write, the key as the actor
 *
 * Every answer carries X-Request-Id, also in the audit entry and in the log line of a failure;
 * anything `run` throws that is not an ApiError is answered 500 with only that id.
 */
type Params = Record<string, string | string[]>;

export interface ApiContext<E extends Endpoint, P extends Params> {
  request: NextRequest;
  params: P;
  key: ApiKeyPrincipal;
  db: Db;
  ip: string | null;
  requestId: string;
  body: E["body"] extends z.ZodType ? z.output<E["body"]> : undefined;
  query: E["query"] extends z.ZodType ? z.output<E["query"]> : undefined;
}

const KEY_REFUSALS: Record<Exclude<KeyCheck, { ok: true }>["why"], string> = {
  missing: "No API key: send it as Authorization: Bearer <key> (Settings → Developers makes one).",
  malformed: "That is not a PayDesk API key.",
  unknown: "That is not a PayDesk API key.",
  revoked: "This API key was revoked.",
  expired: "This API key has expired.",
};

export function defineApiRoute<E extends Endpoint, P extends Params = Record<string, string>>(
  endpoint: E,
  run: (context: ApiContext<E, P>) => Promise<StoredAnswer>,
): (request: NextRequest, segment: RouteSegment<P>) => Promise<Response> {
  const handler = async (request: NextRequest, segment: RouteSegment<P>): Promise<Response> => {
    const started = performance.now();
    const caller: { key: ApiKeyPrincipal | null } = { key: null };
    const response = await answer(request, segment, caller);
    // One line per call, with the id the caller and the audit entry also have.
    if (env().NODE_ENV !== "test") {
      log("api").info(`${endpoint.method} ${new URL(request.url).pathname} ${response.status}`, {
        requestId: response.headers.get(REQUEST_ID_HEADER),
        operation: endpoint.operationId,
        status: response.status,
        ms: Math.round(performance.now() - started),
        keyId: caller.key?.keyId ?? null,
      });
    }
    return response;
  };
  const answer = async (request: NextRequest, segment: RouteSegment<P>, caller: { key: ApiKeyPrincipal | null }): Promise<Response> => {
    const requestId = newRequestId();
    const ip = clientIpFrom(request.headers);
    let key: ApiKeyPrincipal | null = null;
    let db: Db | null = null;
    let target: string | null = null;
    const isWrite = endpoint.method !== "GET";
    const audit = async (outcome: "ok" | "failed" | "denied" | "error", data: Record<string, unknown> = {}) => {
      if (!db || !key || !isWrite) return;
      await recordAudit(db, {
        actorId: `api_key:${key.keyId}`,
        action: apiAuditAction(endpoint.operationId),
        outcome,
        merchantId: key.merchantRowId,
        target,
        ip,
        data: { requestId, ...data },
      }).catch((error: unknown) =>
        log("api").error("the audit row could not be written", { operation: endpoint.operationId, requestId, error }),
      );
    };
    try {
      db = await getDb();
      const check = await verifyApiKey(db, request.headers.get("authorization"), { ip });
      if (!check.ok)
        throw new ApiError(401, { type: "authentication_error", code: `api_key_${check.why}`, message: KEY_REFUSALS[check.why] });
      key = check.key;
      caller.key = key;
      // A test key never moves real money: with a real provider it acts only for the sandbox's demo merchants.
      if (key.mode === "test" && !env().isSandbox && !key.merchantIsDemo) {
        throw new ApiError(403, {
          type: "permission_error",
          code: "test_key_on_live",
          message:
            "This is a test key (pdk_test_…), and PayDesk sends this merchant's requests to the live provider; use a live key (pdk_live_…).",
        });
      }
      if (!key.scopes.includes(endpoint.scope)) {
        throw new ApiError(403, {
          type: "permission_error",
          code: "scope_missing",
          message: `This API key lacks the ${endpoint.scope} scope; an admin can make a key with it in Settings → Developers.`,
        });
      }
      await checkApiRateLimit(db, key.keyId);
      const bytes = endpoint.body ? await readJsonBytes(request) : null;
      const context: ApiContext<E, P> = {
        request,
        params: (await segment.params) as P,
        key,
        db,
        ip,
        requestId,
        body: (endpoint.body && bytes ? parseJsonBody(bytes, endpoint.body) : undefined) as ApiContext<E, P>["body"],
        query: (endpoint.query ? readQuery(request.nextUrl ?? new URL(request.url), endpoint.query) : undefined) as ApiContext<
          E,
          P
        >["query"],
      };
      const idempotencyKey = request.headers.get("idempotency-key");
      let result: StoredAnswer;
      let replayed = false;
      if (isWrite && idempotencyKey !== null) {
        const path = new URL(request.url).pathname;
        const outcome = await withIdempotency(
          db,
          {
            keyId: key.keyId,
            idempotencyKey: checkIdempotencyKey(idempotencyKey),
            // The parameters, not the bytes: the body parsed above, so it is JSON.
            fingerprint: fingerprintOf(endpoint.method, path, bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as unknown) : null),
          },
          () => run(context),
        );
        ({ answer: result, replayed } = outcome);
        const refusal = replayed ? refusalOf(result) : null;
        if (refusal) return withReplayed(apiErrorResponse(refusal, requestId));
      } else {
        result = await run(context);
      }
      target = (result.body as { id?: string } | null)?.id ?? null;
      if (!replayed) await audit(result.status < 400 ? "ok" : "failed", { status: result.status });
      const response = jsonResponse(result.status, result.body, requestId);
      return replayed ? withReplayed(response) : response;
    } catch (error) {
      if (error instanceof ApiError) {
        target = error.fields.paymentRequest ?? null;
        await audit(error.status === 401 || error.status === 403 ? "denied" : "failed", { status: error.status, code: error.fields.code });
        return apiErrorResponse(error, requestId);
      }
      log("api").error("failed", { operation: endpoint.operationId, requestId, error });
      await audit("error", { status: 500 });
      return internalError(requestId);
    }
  };
  return markDoor(handler, "api");
}

function withReplayed(response: Response): Response {
  response.headers.set("idempotent-replayed", "true");
  return response;
}
