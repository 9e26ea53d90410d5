import { REQUEST_ID_HEADER } from "../../http/door";

/**
 * The merchant API's one error shape (docs/merchant-api.md):
 *
 *   { "error": { "type", "code", "message" (English), "param"?, "payment_request"?, "request_id" } }
 *
 * Handlers throw an ApiError; anything else thrown is answered 500 `api_error` with only the request
 * id as the reference (lib/merchant-api/http/route.ts) — never a stack or an internal message.
 */
export type ApiErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "idempotency_error"
  | "rate_limit_error"
  | "provider_error"
  | "api_error";

export interface ApiErrorFields {
  type: ApiErrorType;
  code: string;
  message: string;
  param?: string;
  /** The request PayDesk recorded, when the provider refused or could not take it. */
  paymentRequest?: string;
  /** Sent as Retry-After. */
  retryAfterSeconds?: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly fields: ApiErrorFields,
  ) {
    super(fields.message);
    this.name = "ApiError";
  }
}

export function errorBody(fields: ApiErrorFields, requestId: string) {
  return {
    error: {
      type: fields.type,
      code: fields.code,
      message: fields.message,
      ...(fields.param ? { param: fields.param } : {}),
      ...(fields.paymentRequest ? { payment_request: fields.paymentRequest } : {}),
      request_id: requestId,
    },
  };
}

export function jsonResponse(status: number, body: unknown, requestId: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", [REQUEST_ID_HEADER]: requestId, ...headers },
  });
}

export function apiErrorResponse(error: ApiError, requestId: string): Response {
  const retry = error.fields.retryAfterSeconds;
  return jsonResponse(error.status, errorBody(error.fields, requestId), requestId, retry ? { "retry-after": String(retry) } : {});
}

export const internalError = (requestId: string) =>
  apiErrorResponse(
    new ApiError(500, {
      type: "api_error",
      code: "internal_error",
      message: `PayDesk failed to answer; quote ${requestId} when you ask about it.`,
    }),
    requestId,
  );
