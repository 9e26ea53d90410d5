import { describe, expect, it } from "vitest";
import { newRequestId, REQUEST_ID_HEADER } from "../../http/door";
import { ApiError, apiErrorResponse, internalError } from "./errors";

describe("the merchant API's one error shape", () => {
  it("answers the status with { error: { type, code, message, param, request_id } } and X-Request-Id", async () => {
    const requestId = newRequestId();
    const response = apiErrorResponse(
      new ApiError(400, { type: "invalid_request_error", code: "parameter_invalid", message: "amount: too small", param: "amount" }),
      requestId,
    );
    expect(response.status).toBe(400);
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe(requestId);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("retry-after")).toBeNull();
    expect(await response.json()).toEqual({
      error: {
        type: "invalid_request_error",
        code: "parameter_invalid",
        message: "amount: too small",
        param: "amount",
        request_id: requestId,
      },
    });
  });

  it("leaves param out when no one field is at fault, names the recorded request, and sends Retry-After", async () => {
    const limited = apiErrorResponse(
      new ApiError(429, { type: "rate_limit_error", code: "rate_limited", message: "Too many requests.", retryAfterSeconds: 7 }),
      "rq_1",
    );
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(await limited.json()).toEqual({
      error: { type: "rate_limit_error", code: "rate_limited", message: "Too many requests.", request_id: "rq_1" },
    });

    const refused = apiErrorResponse(
      new ApiError(402, { type: "provider_error", code: "provider_refused", message: "Refused.", paymentRequest: "pr_9" }),
      "rq_2",
    );
    expect((await refused.json()).error).toMatchObject({ payment_request: "pr_9", request_id: "rq_2" });
  });

  it("answers anything unexpected with a 500 that quotes only the request id", async () => {
    const response = internalError("rq_abc");
    expect(response.status).toBe(500);
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe("rq_abc");
    const body = (await response.json()) as { error: Record<string, string> };
    expect(body).toEqual({
      error: {
        type: "api_error",
        code: "internal_error",
        message: "PayDesk failed to answer; quote rq_abc when you ask about it.",
        request_id: "rq_abc",
      },
    });
  });
});
